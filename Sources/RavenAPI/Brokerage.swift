import Foundation
import RavenCore

/// `PUT /api/v1/brokerage`: link an Alpaca paper account.
public struct BrokerageLinkRequest: Sendable, Hashable, Codable {
  /// `alpaca`, the only one; may be left out.
  public var provider: String?
  public var keyId: String
  public var secretKey: String

  public init(provider: String? = nil, keyId: String, secretKey: String) {
    self.provider = provider
    self.keyId = keyId
    self.secretKey = secretKey
  }
}

/// `GET /api/v1/brokerage`: whether an account is linked, and the brokerage's view of it.
public struct BrokerageStatusBody: Sendable, Hashable, Codable {
  public var linked: Bool
  public var provider: String?
  /// The key ID's last characters, e.g. `…WXYZ`.
  public var keyHint: String?
  public var linkedAt: Date?
  /// The brokerage's view of the account; null when not linked or when it cannot be
  /// reached right now.
  public var account: BrokerageAccountBody?

  public static let unlinked = BrokerageStatusBody(
    linked: false, provider: nil, keyHint: nil, linkedAt: nil, account: nil)

  public init(
    linked: Bool, provider: String?, keyHint: String?, linkedAt: Date?,
    account: BrokerageAccountBody?
  ) {
    self.linked = linked
    self.provider = provider
    self.keyHint = keyHint
    self.linkedAt = linkedAt
    self.account = account
  }

  enum CodingKeys: String, CodingKey { case linked, provider, keyHint, linkedAt, account }

  /// Written out so that absent values are `null`, not missing.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(linked, forKey: .linked)
    try container.encode(provider, forKey: .provider)
    try container.encode(keyHint, forKey: .keyHint)
    try container.encode(linkedAt, forKey: .linkedAt)
    try container.encode(account, forKey: .account)
  }
}

/// A linked brokerage account as the brokerage reports it.
public struct BrokerageAccountBody: Sendable, Hashable, Codable {
  public var accountNumber: String
  public var status: String
  public var currency: String
  public var cash: Money
  public var equity: Money
  public var buyingPower: Money

  public init(
    accountNumber: String, status: String, currency: String, cash: Money, equity: Money,
    buyingPower: Money
  ) {
    self.accountNumber = accountNumber
    self.status = status
    self.currency = currency
    self.cash = cash
    self.equity = equity
    self.buyingPower = buyingPower
  }
}
