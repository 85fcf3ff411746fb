import Crypto
import Foundation
import RavenBrokerage
import RavenCore
import RavenStore

/// Seals brokerage credentials for the store with AES-GCM under the server's secret key,
/// and opens them again. The user's id is the authenticated data, so a sealed value
/// copied onto another user's row does not open.
struct CredentialSealer: Sendable {
  /// Kept as bytes: Crypto's `SymmetricKey` is not `Sendable`.
  private let keyBytes: Data

  init(key: Data) {
    self.keyBytes = key
  }

  private var key: SymmetricKey { SymmetricKey(data: keyBytes) }

  /// The nonce, ciphertext and tag in one value (AES-GCM's combined form).
  func seal(_ credentials: BrokerageCredentials, userID: UserID) throws -> Data {
    let plain = try JSONEncoder().encode(credentials)
    let box = try AES.GCM.seal(plain, using: key, authenticating: Self.context(userID))
    guard let combined = box.combined else { throw SealingError() }
    return combined
  }

  /// Throws when the value was sealed under another key, for another user, or altered.
  func open(_ sealed: Data, userID: UserID) throws -> BrokerageCredentials {
    let box = try AES.GCM.SealedBox(combined: sealed)
    let plain = try AES.GCM.open(box, using: key, authenticating: Self.context(userID))
    return try JSONDecoder().decode(BrokerageCredentials.self, from: plain)
  }

  private static func context(_ userID: UserID) -> Data {
    Data("raven brokerage credentials of user \(userID.rawValue)".utf8)
  }

  /// AES-GCM with the standard 12-byte nonce always has a combined form; this is for
  /// the type system.
  struct SealingError: Error {}
}
