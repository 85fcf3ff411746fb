import Foundation
import RavenCore

/// One of the user's accounts, as `GET /api/v1/accounts` lists it. Every account-scoped
/// route takes its `id` as `?account=`.
public struct AccountBody: Sendable, Hashable, Codable {
  public var id: UUID
  public var name: String
  /// `paper` (Raven's own ledger) or `alpaca` (the user's linked Alpaca account).
  public var kind: AccountKind
  /// The cash its current period began with.
  public var startingCash: Money
  public var createdAt: Date
  /// When it was closed; a closed account can be read, not traded.
  public var closedAt: Date?
  /// The account a request that names none uses.
  public var isDefault: Bool
  /// Whether it is a margin account (buying on margin, selling short); false for a cash
  /// account and for a linked Alpaca account (whose margin is Alpaca's).
  public var margin: Bool

  public init(
    id: UUID, name: String, kind: AccountKind, startingCash: Money, createdAt: Date,
    closedAt: Date?, isDefault: Bool, margin: Bool = false
  ) {
    self.margin = margin
    self.id = id
    self.name = name
    self.kind = kind
    self.startingCash = startingCash
    self.createdAt = createdAt
    self.closedAt = closedAt
    self.isDefault = isDefault
  }
}

/// `GET /api/v1/accounts`: open accounts first, each group oldest first.
public struct AccountsBody: Sendable, Hashable, Codable {
  public var accounts: [AccountBody]

  public init(accounts: [AccountBody]) { self.accounts = accounts }
}

/// `POST /api/v1/accounts`: a new paper account.
public struct AccountCreateRequest: Sendable, Hashable, Codable {
  /// 1 to 40 characters, unique among the user's open accounts (case-insensitively).
  public var name: String
  /// `"25000.00"`: $0 to $10,000,000 in whole cents; the server's starting cash when absent.
  public var startingCash: String?

  public init(name: String, startingCash: String? = nil) {
    self.name = name
    self.startingCash = startingCash
  }
}

/// `POST /api/v1/accounts/{id}/reset`: the account's next period, with this cash.
public struct AccountResetRequest: Sendable, Hashable, Codable {
  /// As `AccountCreateRequest.startingCash`.
  public var startingCash: String?

  public init(startingCash: String? = nil) { self.startingCash = startingCash }
}

/// `PATCH /api/v1/accounts/{id}`: a new name, or margin on or off.
public struct AccountPatchRequest: Sendable, Hashable, Codable {
  public var name: String?
  /// `true`: a margin account (4× buying power intraday from $25,000 of equity, 2×
  /// otherwise, short selling on); `false`: a cash account, refused (409 `margin_in_use`)
  /// while cash is borrowed or a position is short.
  public var margin: Bool?

  public init(name: String? = nil, margin: Bool? = nil) {
    self.name = name
    self.margin = margin
  }
}
