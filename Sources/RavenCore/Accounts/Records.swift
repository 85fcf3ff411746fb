import Foundation
import Tagged

public typealias UserID = Tagged<User, Int64>
public typealias TradeID = Tagged<TradeRecord, Int64>
public typealias GoalID = Tagged<GoalRecord, Int64>
public typealias APITokenID = Tagged<APIToken, Int64>

/// A person with an account.
public struct User: Sendable, Hashable, Codable {
  public var id: UserID
  /// Unique, case-insensitively (stored lower-cased).
  public var username: String
  public var createdAt: Date

  public init(id: UserID, username: String, createdAt: Date) {
    self.id = id
    self.username = username
    self.createdAt = createdAt
  }
}

/// What logging in checks.
public struct UserCredentials: Sendable, Hashable {
  public var user: User
  /// A bcrypt hash; never leaves the server.
  public var passwordHash: String

  public init(user: User, passwordHash: String) {
    self.user = user
    self.passwordHash = passwordHash
  }
}

/// A signed-in browser. The cookie carries a random token; only its SHA-256 is stored.
public struct BrowserSession: Sendable, Hashable {
  public var tokenHash: String
  public var userID: UserID
  /// The token the page must echo in `X-CSRF-Token` on state-changing requests.
  public var csrfToken: String
  public var createdAt: Date
  public var expiresAt: Date

  public init(
    tokenHash: String, userID: UserID, csrfToken: String, createdAt: Date, expiresAt: Date
  ) {
    self.tokenHash = tokenHash
    self.userID = userID
    self.csrfToken = csrfToken
    self.createdAt = createdAt
    self.expiresAt = expiresAt
  }
}

/// A personal API token for the CLI and scripts. Only its SHA-256 is stored.
public struct APIToken: Sendable, Hashable, Codable {
  public var id: APITokenID
  public var userID: UserID
  public var name: String
  public var createdAt: Date

  public init(id: APITokenID, userID: UserID, name: String, createdAt: Date) {
    self.id = id
    self.userID = userID
    self.name = name
    self.createdAt = createdAt
  }
}

/// A key a program (a trading bot) signs in with, as Alpaca's API keys: `keyID` is sent
/// with every request beside its secret, which is kept only as a hash.
public struct APIKey: Sendable, Hashable, Codable {
  public var id: UUID
  public var userID: UserID
  /// The account it trades and reads: `/v2` answers for this account only.
  public var accountID: AccountID
  public var name: String
  /// 20 characters of capital letters and digits, like Alpaca's (`PK…`).
  public var keyID: String
  /// Reads only: data and the account, never an order.
  public var readOnly: Bool
  public var createdAt: Date

  public init(
    id: UUID, userID: UserID, accountID: AccountID, name: String, keyID: String,
    readOnly: Bool, createdAt: Date
  ) {
    self.id = id
    self.userID = userID
    self.accountID = accountID
    self.name = name
    self.keyID = keyID
    self.readOnly = readOnly
    self.createdAt = createdAt
  }
}

/// A named list of symbols, as Alpaca's watchlists are (several per account, each with an
/// id). The web app's watchlist is the user's own `watchlist_items`; these are an
/// account's, as at Alpaca (the Alpaca-compatible API's).
public struct NamedWatchlist: Sendable, Hashable {
  public var id: UUID
  public var accountID: AccountID
  public var name: String
  public var symbols: [Symbol]
  public var createdAt: Date
  public var updatedAt: Date

  public init(
    id: UUID, accountID: AccountID, name: String, symbols: [Symbol], createdAt: Date,
    updatedAt: Date
  ) {
    self.id = id
    self.accountID = accountID
    self.name = name
    self.symbols = symbols
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }
}

/// An account's money and holdings as stored.
public struct Account: Sendable, Hashable {
  public var accountID: AccountID
  public var cash: Money
  public var startingCash: Money
  public var realizedProfit: Money
  /// In the order the user arranged them (new positions last).
  public var positions: [Position]
  /// What the open orders hold: cash for buys, shares for sales.
  public var holds: [OpenHold]
  /// When its current period began, if it was ever reset: what came before is another
  /// period's, never counted in this one's history.
  public var periodStartedAt: Date?
  /// How it trades: a cash or a margin account, short selling, and the rest.
  public var settings: AccountSettings

  public init(
    accountID: AccountID, cash: Money, startingCash: Money, realizedProfit: Money,
    positions: [Position], holds: [OpenHold] = [], periodStartedAt: Date? = nil,
    settings: AccountSettings = AccountSettings()
  ) {
    self.accountID = accountID
    self.settings = settings
    self.periodStartedAt = periodStartedAt
    self.cash = cash
    self.startingCash = startingCash
    self.realizedProfit = realizedProfit
    self.positions = positions
    self.holds = holds
  }

  /// The cash a new buy can spend: cash less what open buys hold (a cash account's buying
  /// power; a margin account's is `MarginFigures`').
  public var buyingPower: Money {
    max(cash - holds.heldCash, .zero)
  }

  /// The shares of `symbol` a new closing order can sell (of a long position) or buy back
  /// (of a short one): those held less what open closing orders hold, the order
  /// `replacing` (whose hold a replacement takes over) aside.
  public func sharesAvailable(of symbol: Symbol, replacing: UUID? = nil) -> Quantity {
    let held = holds.filter { $0.orderID != replacing }.heldShares(of: symbol)
    return max(shares(of: symbol).magnitude - held, .zero)
  }

  /// The shares of `symbol` held: negative when short.
  public func shares(of symbol: Symbol) -> Quantity {
    positions.first { $0.symbol == symbol }?.shares ?? .zero
  }

  /// Whether the account uses margin now: cash borrowed, or a position sold short. Such an
  /// account cannot become a cash account until both are repaid.
  public var usesMargin: Bool {
    cash.isNegative || positions.contains(where: \.isShort)
  }

  /// The account as a RavenCore ledger, to check a trade or value the holdings.
  public var ledger: Ledger {
    Ledger(
      cash: cash,
      positions: Dictionary(uniqueKeysWithValues: positions.map { ($0.symbol, $0) }),
      realizedProfit: realizedProfit)
  }

  public var holdings: [Symbol: Quantity] {
    Dictionary(uniqueKeysWithValues: positions.map { ($0.symbol, $0.shares) })
  }
}

/// An executed trade as stored.
public struct TradeRecord: Sendable, Hashable {
  public var id: TradeID
  public var trade: Trade

  public init(id: TradeID, trade: Trade) {
    self.id = id
    self.trade = trade
  }
}

/// The answer to a trade: what was recorded and the cash after it.
public struct TradeReceipt: Sendable, Hashable {
  public var record: TradeRecord
  /// Cash right after this trade.
  public var cash: Money
  /// Always false from the stores now, which no longer replay a trade by its key (a
  /// retried simple trade is the account's replay, `AccountReceipt.isReplay`); kept for
  /// the receipt's callers until it is folded into `AccountReceipt`.
  public var isReplay: Bool

  public init(record: TradeRecord, cash: Money, isReplay: Bool) {
    self.record = record
    self.cash = cash
    self.isReplay = isReplay
  }
}

/// A stored goal.
public struct GoalRecord: Sendable, Hashable {
  public var id: GoalID
  public var goal: Goal
  public var createdAt: Date
  public var updatedAt: Date

  public init(id: GoalID, goal: Goal, createdAt: Date, updatedAt: Date) {
    self.id = id
    self.goal = goal
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }
}
