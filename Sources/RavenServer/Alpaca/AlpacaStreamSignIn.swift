import Foundation
import RavenCore
import RavenStore

/// Signs an Alpaca stream (`/stream`, `/v2/iex` and its kin) in with the API key of its
/// auth message, counted as `/v2` counts wrong keys, and follows the key until the
/// stream ends: deleting the key closes the stream.
struct AlpacaStreamSignIn {
  let store: any IdentityStore
  let throttle: LoginThrottle
  let revocations: CredentialRevocations

  /// The key's user, the key (whose account the stream answers for) and the watch on the
  /// key; nil for a wrong or revoked key (or a throttled address: a stream's refusal is
  /// one, whatever its reason).
  func signIn(keyID: String, secret: String, from address: String?) async
    -> (User, RevocationWatch, APIKey)?
  {
    let check = APIKeyCheck(store: store, throttle: throttle)
    let credentials = APIKeyCredentials(keyID: keyID, secret: secret)
    guard let (key, user) = (try? await check.verify(credentials, from: address)) ?? nil else {
      return nil
    }
    let watch = revocations.watch(.apiKey(key.id), of: user.id)
    // Deleted between the check and the watch: refused as if deleted before.
    guard let still = try? await store.apiKeyOwner(keyID: key.keyID), still.key.id == key.id
    else {
      watch.end()
      return nil
    }
    return (user, watch, key)
  }
}
