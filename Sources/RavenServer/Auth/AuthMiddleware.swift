import HTTPTypes
import Hummingbird
import HummingbirdAuth
import RavenCore
import RavenStore

/// Finds out who is calling: a `raven_session` cookie or an `Authorization: Bearer`
/// API token. An unknown or expired cookie just means "not signed in"; a bad bearer
/// token is refused outright, because a script that sends one wants to know. Who a
/// credential belongs to is read through `identities`, at most once a second each.
struct AuthMiddleware: RouterMiddleware {
  typealias Context = RavenRequestContext

  let identities: Identities

  static let sessionCookie = "raven_session"
  static let csrfCookie = "raven_csrf"

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    // Alpaca's API signs in by API key alone; an SDK may send its own `Authorization`
    // (an OAuth token), which is not Raven's to judge there.
    if AlpacaError.isAlpacaPath(request.uri.path) { return try await next(request, context) }
    var context = context
    context.identity = try await identity(of: request)
    return try await next(request, context)
  }

  /// Who sent `request`: nil when no one is signed in; throws for a bad bearer token.
  func identity(of request: Request) async throws -> AuthenticatedUser? {
    if let bearer = request.headers.bearer {
      guard
        let identity = try await identities.identity(
          tokenHash: SecretTokens.hash(bearer.token))
      else {
        throw APIError(
          .unauthorized, code: "invalid_token", message: "Invalid or revoked API token")
      }
      return identity
    }
    guard let cookie = request.cookies[Self.sessionCookie]?.value else { return nil }
    return try await identities.identity(sessionHash: SecretTokens.hash(cookie))
  }
}

/// Requests that change state and are authenticated by the session cookie must echo
/// the session's CSRF token in `X-CSRF-Token`: a page on another site can make the
/// browser send the cookie, but cannot read the token.
struct CSRFMiddleware: RouterMiddleware {
  typealias Context = RavenRequestContext

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    if request.method.changesState, case .session(_, let expected) = context.identity?.credential {
      guard let sent = request.headers[.csrfToken], sent.constantTimeEquals(expected) else {
        throw APIError.csrfMismatch
      }
    }
    return try await next(request, context)
  }
}

extension RavenRequestContext {
  /// The signed-in user; handlers behind `IsAuthenticatedMiddleware` always have one.
  func requireUser() throws -> User {
    guard let identity else { throw APIError.unauthorized }
    return identity.user
  }
}

extension HTTPRequest.Method {
  var changesState: Bool { ![.get, .head, .options].contains(self) }
}

extension String {
  /// Compares without stopping at the first difference, so timing does not leak the token.
  func constantTimeEquals(_ other: String) -> Bool {
    let lhs = Array(utf8)
    let rhs = Array(other.utf8)
    guard lhs.count == rhs.count else { return false }
    var difference: UInt8 = 0
    for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
    return difference == 0
  }
}
