import Foundation
import HTTPTypes
import Hummingbird

/// Any `Encodable` value as a JSON response, with a status (200 unless told otherwise).
/// Lets RavenCore's models be answered directly without making them depend on Hummingbird.
struct JSONBody<Value: Encodable & Sendable>: ResponseGenerator {
  let value: Value
  var status: HTTPResponse.Status = .ok
  var headers: HTTPFields = [:]

  init(_ value: Value, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) {
    self.value = value
    self.status = status
    self.headers = headers
  }

  func response(from request: Request, context: some RequestContext) throws -> Response {
    var response = try context.responseEncoder.encode(
      Wrapper(value: value), from: request, context: context)
    response.status = status
    response.headers.append(contentsOf: headers)
    return response
  }

  private struct Wrapper: Encodable {
    let value: Value
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
  }
}
