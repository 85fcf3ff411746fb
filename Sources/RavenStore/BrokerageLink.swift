import Foundation
import RavenCore

/// A user's link to their own brokerage account, used instead of the built-in ledger.
/// The store keeps the credentials only as the server sealed them; it cannot read them.
public struct BrokerageLink: Sendable, Hashable {
  /// The user's account of kind `alpaca` that the link is.
  public var accountID: AccountID
  /// The brokerage, e.g. `alpaca`.
  public var provider: String
  /// The credentials as the server sealed them (AES-GCM: nonce, ciphertext and tag).
  public var sealedCredentials: Data
  /// What may be shown of the key, e.g. `…WXYZ`.
  public var keyHint: String
  public var linkedAt: Date

  public init(
    accountID: AccountID, provider: String, sealedCredentials: Data, keyHint: String,
    linkedAt: Date
  ) {
    self.accountID = accountID
    self.provider = provider
    self.sealedCredentials = sealedCredentials
    self.keyHint = keyHint
    self.linkedAt = linkedAt
  }
}
