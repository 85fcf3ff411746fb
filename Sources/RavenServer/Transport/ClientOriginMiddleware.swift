import HTTPTypes
import Hummingbird

/// The outermost middleware: settles who the client is (`ClientOrigin`) before anything
/// reads the address, and tells browsers that reached Raven over HTTPS to keep to it.
struct ClientOriginMiddleware: RouterMiddleware {
  typealias Context = RavenRequestContext

  let origin: ClientOrigin
  /// The server is reached over HTTPS only (`--secure-cookies`).
  let alwaysSecure: Bool

  /// A year, the usual HSTS lifetime; no `includeSubDomains`, since other services may
  /// share the parent domain.
  static let strictTransportSecurity = "max-age=31536000"

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var context = context
    let peer = context.peerAddress
    context.remoteAddress = origin.clientAddress(peer: peer, headers: request.headers)
    context.isSecure = alwaysSecure || origin.forwardedHTTPS(peer: peer, headers: request.headers)
    context.forwardedHost = origin.forwardedHost(peer: peer, headers: request.headers)
    var response = try await next(request, context)
    if context.isSecure {
      response.headers[.strictTransportSecurity] = Self.strictTransportSecurity
    }
    return response
  }
}
