import RavenStore

/// Who made a request, and how they proved it.
public struct AuthenticatedUser: Sendable {
  public enum Credential: Sendable {
    /// A browser session cookie; state-changing requests must echo `csrfToken`.
    case session(tokenHash: String, csrfToken: String)
    /// A personal API token in `Authorization: Bearer`; no CSRF check (no ambient cookie).
    case apiToken(APITokenID)
  }

  public let user: User
  public let credential: Credential
}
