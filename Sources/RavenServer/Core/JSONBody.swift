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

extension Request {
  /// Decodes the JSON body, enforcing the 64 KiB limit even without a Content-Length.
  /// Decoding errors reach `ErrorMiddleware` as they are, so the client is told which
  /// field is missing or wrong.
  func decodeJSON<Value: Decodable>(as type: Value.Type, context: RavenRequestContext) async throws
    -> Value
  {
    let buffer = try await body.collect(upTo: context.maxUploadSize)
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return try decoder.decode(type, from: Data(buffer.readableBytesView))
  }
}
