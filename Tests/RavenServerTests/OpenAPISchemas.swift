import Foundation
import Yams

@testable import RavenServer

/// openapi.yaml read with Yams: its operations and its schemas, to hold the served routes
/// and RavenAPI's types to the contract.
struct OpenAPISchemas {
  typealias Node = [String: Any]
  let document: Node

  init(yaml: String = OpenAPIDocument.text) throws {
    document = Self.node(try Yams.load(yaml: yaml)) ?? [:]
  }

  /// "GET /api/v1/quotes" for each operation of the document's `paths`.
  var operations: [String] {
    let methods: Set = ["get", "post", "put", "patch", "delete"]
    return (Self.node(document["paths"]) ?? [:]).flatMap { path, item in
      (Self.node(item) ?? [:]).keys.filter(methods.contains).map { "\($0.uppercased()) \(path)" }
    }
  }

  /// `components.schemas.<name>`.
  func component(_ name: String) -> Node? {
    Self.node(Self.node(Self.node(document["components"])?["schemas"])?[name])
  }

  /// The JSON schema of an operation's answer with `status`.
  func response(_ method: String, _ path: String, status: String = "200") -> Node? {
    let responses = Self.node(operation(method, path)?["responses"])
    return jsonSchema(of: responses?[status])
  }

  /// The JSON schema of an operation's request body.
  func requestBody(_ method: String, _ path: String) -> Node? {
    jsonSchema(of: operation(method, path)?["requestBody"])
  }

  /// Where `json` (an encoded value, every optional field set) strays from `schema`: keys
  /// the schema does not list, properties the value lacks, and values of the wrong JSON type.
  func mismatches(_ json: Any, _ schema: Node, at location: String = "$") -> [String] {
    let schema = resolved(schema, for: json)
    switch json {
    case let object as [String: Any]:
      if let values = Self.node(schema["additionalProperties"]) {
        return object.flatMap { mismatches($1, values, at: "\(location).\($0)") }
      }
      let properties = Self.node(schema["properties"]) ?? [:]
      var found = Set(object.keys).subtracting(properties.keys).sorted().map {
        "\(location).\($0) is not in the schema"
      }
      // Alternatives (`oneOf: [{required: [shares]}, {required: [percent]}]`) are never
      // all present.
      let alternatives = (schema["oneOf"] as? [Any] ?? []).compactMap(Self.node).flatMap {
        $0["required"] as? [String] ?? []
      }
      found += Set(properties.keys).subtracting(object.keys).subtracting(alternatives).sorted().map
      {
        "\(location).\($0) is in the schema but was not encoded"
      }
      for (key, value) in object {
        if let property = Self.node(properties[key]) {
          found += mismatches(value, property, at: "\(location).\(key)")
        }
      }
      return found
    case let array as [Any]:
      let items = Self.node(schema["items"]) ?? [:]
      return array.enumerated().flatMap { mismatches($1, items, at: "\(location)[\($0)]") }
    default:
      let types = (schema["type"] as? [String]) ?? [(schema["type"] as? String)].compactMap { $0 }
      guard !types.isEmpty, Set(types).isDisjoint(with: Self.jsonTypes(json)) else { return [] }
      return ["\(location) is \(json), the schema says \(types)"]
    }
  }

  // MARK: - Reading the document

  private func operation(_ method: String, _ path: String) -> Node? {
    Self.node(Self.node(Self.node(document["paths"])?[path])?[method.lowercased()])
  }

  private func jsonSchema(of response: Any?) -> Node? {
    let response = Self.node(response).map { resolved($0, for: nil) }
    let content = Self.node(Self.node(response?["content"])?["application/json"])
    return Self.node(content?["schema"]).map { resolved($0, for: nil) }
  }

  /// Follows `$ref`s, and picks the branch of a `oneOf` that fits the value (an object
  /// schema for an object, `null` for null, the one that is not `null` otherwise).
  private func resolved(_ schema: Node, for json: Any?) -> Node {
    if let reference = schema["$ref"] as? String {
      let parts = reference.split(separator: "/").dropFirst().map(String.init)
      var target: Any? = document
      for part in parts { target = Self.node(target)?[part] }
      return resolved(Self.node(target) ?? [:], for: json)
    }
    // A `oneOf` beside `properties` only constrains which are required.
    if let branches = schema["oneOf"] as? [Any], schema["properties"] == nil {
      let nodes = branches.compactMap(Self.node).map { resolved($0, for: json) }
      let isNull = { (node: Node) in (node["type"] as? String) == "null" }
      let fitting =
        json is NSNull
        ? nodes.first(where: isNull)
        : nodes.first { json is [String: Any] ? $0["properties"] != nil : !isNull($0) }
      return fitting ?? schema
    }
    return schema
  }

  private static func node(_ value: Any?) -> Node? {
    if let node = value as? Node { return node }
    guard let mapping = value as? [AnyHashable: Any] else { return nil }
    return Dictionary(uniqueKeysWithValues: mapping.map { ("\($0.key)", $0.value) })
  }

  /// The schema types a decoded JSON scalar may stand for (JSONSerialization gives
  /// numbers and booleans as NSNumber alike).
  private static func jsonTypes(_ value: Any) -> Set<String> {
    switch value {
    case is String: ["string"]
    case is NSNull: ["null"]
    case is NSNumber: ["number", "integer", "boolean"]
    default: ["object", "array"]
    }
  }
}
