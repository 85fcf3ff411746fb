import HTTPTypes
import Hummingbird

/// Headers every response carries, and the body-size limit enforced before any handler
/// reads a byte.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
  /// No inline script or style, nothing from other origins, never framed.
  static var contentSecurityPolicy: String { standardContentSecurityPolicy }

  /// The same policy with other sources of style: a server-rendered page allows its one
  /// inline stylesheet by hash (`HTMLPage`), never `'unsafe-inline'`.
  static func contentSecurityPolicy(styleSources: [String]) -> String {
    [
      "default-src 'self'", "script-src 'self'",
      "style-src \(styleSources.joined(separator: " "))", "img-src 'self' data:",
      "connect-src 'self'", "font-src 'self'", "object-src 'none'", "base-uri 'none'",
      "form-action 'self'", "frame-ancestors 'none'", "manifest-src 'self'", "worker-src 'self'",
    ].joined(separator: "; ")
  }

  let maximumBodySize: Int

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var response: Response
    if let length = request.headers[.contentLength].flatMap(Int.init), length > maximumBodySize {
      let message = "The request body is larger than \(maximumBodySize / 1024) KiB"
      response =
        try AlpacaError.isAlpacaPath(request.uri.path)
        ? AlpacaError(.contentTooLarge, message).response(from: request, context: context)
        : APIError(.contentTooLarge, code: "body_too_large", message: message).response(
          from: request, context: context)
    } else {
      response = try await next(request, context)
    }
    // A page that brings its own (stricter or hash-extended) policy keeps it.
    if response.headers[.contentSecurityPolicy] == nil {
      response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
    }
    response.headers[.xContentTypeOptions] = "nosniff"
    response.headers[.xFrameOptions] = "DENY"
    response.headers[.referrerPolicy] = "strict-origin-when-cross-origin"
    response.headers[.crossOriginOpenerPolicy] = "same-origin"
    if response.headers[.cacheControl] == nil, request.uri.path.hasPrefix("/api/") {
      response.headers[.cacheControl] = "no-store"
    }
    return response
  }
}

/// Joined once: every response carries it.
private let standardContentSecurityPolicy = SecurityHeadersMiddleware<RavenRequestContext>
  .contentSecurityPolicy(styleSources: ["'self'"])

extension HTTPField.Name {
  static let xContentTypeOptions = Self("X-Content-Type-Options")!
  static let xFrameOptions = Self("X-Frame-Options")!
  static let referrerPolicy = Self("Referrer-Policy")!
  static let crossOriginOpenerPolicy = Self("Cross-Origin-Opener-Policy")!
  static let csrfToken = Self("X-CSRF-Token")!
  static let idempotencyKey = Self("Idempotency-Key")!
  static let dataAge = Self("X-Raven-Data-Age")!
}
