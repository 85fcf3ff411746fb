import RavenCore
import RavenStore

/// Who made a request, and how they proved it.
public struct AuthenticatedUser: Sendable {
  public enum Credential: Sendable {
    /// A browser session cookie; state-changing requests must echo `csrfToken`.
    case session(tokenHash: String, csrfToken: String)
    /// A personal API token in `Authorization: Bearer`; no CSRF check (no ambient cookie).
    case apiToken(APITokenID)
    /// An API key of the Alpaca-compatible API, in its own headers (no ambient cookie).
    case apiKey(APIKey)
  }

  public let user: User
  public let credential: Credential
}
