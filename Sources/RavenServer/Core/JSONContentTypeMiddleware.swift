import Foundation
import HTTPTypes
import Hummingbird

/// A write that carries a body must say it is JSON (`Content-Type: application/json`),
/// or it is refused with 415 before anything reads it. A page on another site can only
/// send a form (`text/plain`, url-encoded, multipart) without asking first, so this keeps
/// such forms from signing anyone in or changing anything.
struct JSONContentTypeMiddleware<Context: RequestContext>: RouterMiddleware {
  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    if request.method.changesState, Self.carriesBody(request.headers),
      !Self.isJSON(request.headers[.contentType])
    {
      throw APIError(
        .unsupportedMediaType, code: "unsupported_media_type",
        message: "Send the body as JSON, with Content-Type: application/json")
    }
    return try await next(request, context)
  }

  static func carriesBody(_ headers: HTTPFields) -> Bool {
    if headers[.transferEncoding] != nil { return true }
    guard let length = headers[.contentLength] else { return false }
    return length != "0"
  }

  /// `application/json`, with or without parameters such as `charset=utf-8`.
  static func isJSON(_ contentType: String?) -> Bool {
    guard let contentType else { return false }
    let mediaType = contentType.split(separator: ";", maxSplits: 1).first ?? ""
    return mediaType.trimmingCharacters(in: .whitespaces).lowercased() == "application/json"
  }
}
