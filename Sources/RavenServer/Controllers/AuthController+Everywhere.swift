import Hummingbird
import RavenCore
import RavenStore

extension AuthController {
  /// Signs the user out on every device: every browser session (this one too) and every
  /// personal API token is revoked. API keys of the Alpaca-compatible API stay: they have
  /// their own list, and a bot's key is revoked there one by one. The streams opened with
  /// the sessions and tokens close.
  @Sendable func logoutEverywhere(_ request: Request, context: RavenRequestContext) async throws
    -> Response
  {
    let user = try context.requireUser()
    try await identities.signOutEverywhere(userID: user.id)
    // The answer is sign-out's own (204, both cookies expired), so the two cannot drift;
    // its delete of this session finds nothing left, which is harmless.
    return try await logout(request, context: context)
  }
}
