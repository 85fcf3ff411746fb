import Foundation
import HTTPTypes
import Hummingbird

/// An error as API clients see it: a fitting status and
/// `{"error": {"code": "insufficient_funds", "message": "Not enough money to buy"}}`.
public struct APIError: Error, Sendable, HTTPResponseError {
  public let status: HTTPResponse.Status
  public let code: String
  public let message: String
  /// Extra response headers, e.g. `Retry-After` on 429.
  public let headers: HTTPFields

  public init(
    _ status: HTTPResponse.Status, code: String, message: String, headers: HTTPFields = [:]
  ) {
    self.status = status
    self.code = code
    self.message = message
    self.headers = headers
  }

  public func response(from request: Request, context: some RequestContext) throws -> Response {
    let body = Envelope(error: .init(code: code, message: message))
    var response = try context.responseEncoder.encode(body, from: request, context: context)
    response.status = status
    response.headers.append(contentsOf: headers)
    return response
  }

  private struct Envelope: Encodable {
    struct Detail: Encodable {
      var code: String
      var message: String
    }
    var error: Detail
  }
}

extension APIError {
  static func badRequest(_ message: String, code: String = "bad_request") -> APIError {
    APIError(.badRequest, code: code, message: message)
  }

  static func validation(_ code: String, _ message: String) -> APIError {
    APIError(.unprocessableContent, code: code, message: message)
  }

  static let unauthorized = APIError(
    .unauthorized, code: "unauthorized", message: "Please sign in")

  static let notFound = APIError(.notFound, code: "not_found", message: "Not found")

  static let csrfMismatch = APIError(
    .forbidden, code: "csrf_token_mismatch",
    message: "Missing or wrong X-CSRF-Token header; reload the page and try again")

  static func unknownSymbol(_ symbol: String) -> APIError {
    APIError(.notFound, code: "unknown_symbol", message: "Unknown symbol: \(symbol)")
  }

  static func tooManyRequests(retryAfter seconds: Int, message: String) -> APIError {
    var headers = HTTPFields()
    headers[.retryAfter] = String(max(seconds, 1))
    return APIError(.tooManyRequests, code: "too_many_requests", message: message, headers: headers)
  }
}
