import Foundation
import Tagged

/// An account's number in the store. It never leaves the server: clients name an account
/// by its public id (a UUID the server derives from this number).
public typealias AccountID = Tagged<AccountRecord, Int64>

/// Where an account's books are kept.
public enum AccountKind: String, Sendable, Hashable, Codable, CaseIterable {
  /// Raven's own ledger: paper money, filled by the order engine.
  case paper
  /// The user's own Alpaca account, linked with their keys; Alpaca keeps its books.
  case alpaca
}

/// One of a user's accounts: what it is called and how it began. Its money and holdings
/// are `Account`; a user owns one or more.
public struct AccountRecord: Sendable, Hashable {
  public var id: AccountID
  public var userID: UserID
  /// Unique among the user's open accounts, compared case-insensitively.
  public var name: String
  public var kind: AccountKind
  /// The cash its current period began with (zero for a linked account).
  public var startingCash: Money
  public var createdAt: Date
  /// When it was closed; a closed account stays readable and takes no order.
  public var closedAt: Date?
  /// 1, 2, …: each reset starts the next period, with its own starting cash.
  public var period: Int
  /// When the current period began: its creation, or its latest reset.
  public var periodStartedAt: Date
  /// How it trades: cash or margin, fractional shares, suspended by its owner.
  public var settings: AccountSettings

  public init(
    id: AccountID, userID: UserID, name: String, kind: AccountKind, startingCash: Money,
    createdAt: Date, closedAt: Date? = nil, period: Int = 1, periodStartedAt: Date? = nil,
    settings: AccountSettings = AccountSettings()
  ) {
    self.settings = settings
    self.period = period
    self.periodStartedAt = periodStartedAt ?? createdAt
    self.id = id
    self.userID = userID
    self.name = name
    self.kind = kind
    self.startingCash = startingCash
    self.createdAt = createdAt
    self.closedAt = closedAt
  }

  public var isOpen: Bool { closedAt == nil }
}

extension [AccountRecord] {
  /// The account a request means when it names none: the linked Alpaca account while one
  /// is open (so a user who linked one keeps seeing those books), else the first open one.
  public var defaultAccount: AccountRecord? {
    first { $0.isOpen && $0.kind == .alpaca } ?? first(where: \.isOpen)
  }
}

/// The rules every new or renamed account's name and cash follow, on every route.
public enum AccountRules {
  /// The name of the account every user starts with (and every user before several
  /// accounts existed got).
  public static let firstAccountName = "Individual"
  /// Open ordinary (paper) accounts per user.
  public static let maximumOpenAccounts = 20
  public static let maximumNameLength = 40
  /// A new or reset account's cash: $0 to $10,000,000, in whole cents.
  public static let maximumStartingCash: Money = 10_000_000

  /// The name trimmed, or nil when it is empty or longer than `maximumNameLength`.
  public static func name(_ raw: String) -> String? {
    let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !name.isEmpty, name.count <= maximumNameLength,
      !name.unicodeScalars.contains(where: { CharacterSet.controlCharacters.contains($0) })
    else { return nil }
    return name
  }

  /// Whether `cash` may start an account: whole cents from zero to the maximum.
  public static func isValidStartingCash(_ cash: Money) -> Bool {
    cash >= .zero && cash <= maximumStartingCash && cash.roundedToCents() == cash
  }
}
