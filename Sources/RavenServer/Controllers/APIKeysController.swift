import Foundation
import Hummingbird
import RavenAPI
import RavenCore
import RavenStore

/// The keys a program signs in to the Alpaca-compatible API with (`/v2`): created by a
/// signed-in user, listed without their secrets, revoked at once (the streams opened with
/// a key close).
struct APIKeysController {
  let identities: Identities
  /// Which of the user's accounts a new key belongs to.
  let accounts: AccountDirectory
  let clock: any WallClock

  /// How many keys one user may hold: enough for every bot, not a table to fill.
  static let maximumKeys = 50

  func addRoutes(to group: RouterGroup<RavenRequestContext>) {
    group.post("/auth/api-keys", use: create)
    group.get("/auth/api-keys", use: list)
    group.delete("/auth/api-keys/{id}", use: revoke)
  }

  @Sendable func create(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<CreatedAPIKeyBody>
  {
    let user = try context.requireUser()
    let body = try await context.requestDecoder.decode(
      APIKeyRequest.self, from: request, context: context)
    let name = body.name.trimmingCharacters(in: .whitespacesAndNewlines)
    guard (1...100).contains(name.count), !name.containsControlCharacters() else {
      throw APIError.validation(
        "invalid_name", "Give the key a name of 1 to 100 characters, without control characters")
    }
    guard try await identities.apiKeys(userID: user.id).count < Self.maximumKeys else {
      throw APIError.validation(
        "too_many_api_keys", "You have \(Self.maximumKeys) API keys; revoke one to make another")
    }
    let open = try await accounts.records(of: user.id).filter(\.isOpen)
    let account =
      if let chosen = body.accountId { open.first { $0.publicID == chosen } } else {
        open.first
      }
    guard let account else { throw APIError.accountNotFound }
    let secret = SecretTokens.generate()
    let key = APIKey(
      id: UUID(), userID: user.id, accountID: account.id, name: name,
      keyID: APIKeyCredentials.newKeyID(), readOnly: body.readOnly ?? false, createdAt: clock.now)
    try await identities.createAPIKey(key, secretHash: SecretTokens.hash(secret))
    return JSONBody(
      CreatedAPIKeyBody(
        id: key.id, name: key.name, keyId: key.keyID, secret: secret, readOnly: key.readOnly,
        accountId: account.publicID, createdAt: key.createdAt),
      status: .created)
  }

  @Sendable func list(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<APIKeysBody>
  {
    let user = try context.requireUser()
    let keys = try await identities.apiKeys(userID: user.id)
    return JSONBody(
      APIKeysBody(
        keys: keys.map {
          APIKeyBody(
            id: $0.id, name: $0.name, keyId: $0.keyID, readOnly: $0.readOnly,
            accountId: $0.accountID.publicID, createdAt: $0.createdAt)
        }))
  }

  @Sendable func revoke(_ request: Request, context: RavenRequestContext) async throws
    -> HTTPResponse.Status
  {
    let user = try context.requireUser()
    guard let text = context.parameters.get("id"), let id = UUID(uuidString: text) else {
      throw APIError.notFound
    }
    try await identities.deleteAPIKey(id: id, userID: user.id)
    return .noContent
  }
}
