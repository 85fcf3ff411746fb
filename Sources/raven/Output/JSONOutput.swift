import Foundation

/// JSON as the CLI prints it: the API's shapes (camelCase, amounts as strings,
/// ISO-8601 UTC instants), pretty-printed with sorted keys so output diffs cleanly.
enum JSONOutput {
  static func render(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }
}
