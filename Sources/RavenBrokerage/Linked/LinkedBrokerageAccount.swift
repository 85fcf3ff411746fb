import Foundation
import RavenCore
import RavenStore
import Synchronization

/// A user's own brokerage account (an Alpaca paper account), linked with their keys:
/// the brokerage holds the cash and positions, values them and fills the orders.
///
/// Made for one request: it remembers the positions it read, so that saving a goal and
/// answering with its progress ask the brokerage once.
public final class LinkedBrokerageAccount: TradingAccount {
  public let accountID: AccountID
  /// The account's owner, whose clients hear of its orders.
  public let userID: UserID
  let brokerage: any Brokerage
  let credentials: BrokerageCredentials
  let store: any Store
  /// Told of every order this account places, replaces or cancels.
  let events: (any AccountEvents)?
  private let positionsRead = Mutex<[BrokeragePosition]?>(nil)
  /// The cash read before a simple trade was placed (see `placeOrder(_:filling:)`).
  let cashBeforeTrade = Mutex<Money?>(nil)

  public init(
    accountID: AccountID, userID: UserID, brokerage: any Brokerage,
    credentials: BrokerageCredentials,
    store: any Store, events: (any AccountEvents)? = nil
  ) {
    self.accountID = accountID
    self.userID = userID
    self.events = events
    self.brokerage = brokerage
    self.credentials = credentials
    self.store = store
  }

  /// Cash and net worth (equity) from the account, positions at the brokerage's prices.
  /// The brokerage reports no realized profit (0), and its equity at the previous close
  /// stands in for the starting cash.
  public func portfolio() async throws -> AccountPortfolio {
    async let accountAnswer = brokerage.account(credentials)
    async let positionsAnswer = brokerage.positions(credentials)
    let (account, held) = try await (accountAnswer, positionsAnswer)
    let zeroPercent = ExactDecimal.zero.withFractionDigits(2)
    let positions = held.map { position in
      PositionValuation(
        symbol: position.symbol, shares: position.shares, averageCost: position.averageCost,
        totalCost: position.costBasis, price: position.price, marketValue: position.marketValue,
        changeFromCost: position.unrealizedProfit,
        changeFromCostPercent: position.unrealizedProfit.percent(of: position.costBasis)
          ?? zeroPercent,
        dayChange: position.dayChange,
        dayChangePercent: position.previousClose.percentChange(to: position.price) ?? zeroPercent,
        isPriced: true)
    }
    return AccountPortfolio(
      cash: account.cash, netWorth: account.equity,
      marketValue: held.reduce(Money.zero) { $0 + $1.marketValue },
      startingCash: account.lastEquity, realizedProfit: .zero, positions: positions,
      buyingPower: account.buyingPower,
      sharesAvailable: Dictionary(
        held.map { ($0.symbol, $0.sharesAvailable) }, uniquingKeysWith: { $1 }),
      freshness: nil)
  }

  /// Equity as the brokerage reports it, measured from its base value (the previous
  /// close's equity on 1D).
  public func equityHistory(_ lookback: ChartLookback) async throws -> BrokeragePortfolioHistory {
    try await brokerage.portfolioHistory(credentials, lookback: lookback)
  }

  /// Orders of every state, newest first. The cursor is the last order's submission
  /// time in microseconds since 1970: the brokerage pages by time.
  public func trades(limit: Int, before: Int64?) async throws -> AccountTradesPage {
    let orders = try await brokerage.orders(
      status: .all, symbol: nil, limit: limit + 1, until: before.map(Self.time(ofCursor:)),
      credentials)
    let page = orders.prefix(limit)
    return AccountTradesPage(
      trades: page.map { AccountTrade($0) },
      nextCursor: orders.count > limit ? page.last.map { Self.cursor(at: $0.submittedAt) } : nil)
  }

  /// The brokerage's filled orders as fills, newest first. Its dividends and splits are
  /// its own books' (Alpaca's activities), not read here yet.
  public func activities(limit: Int, before: ActivityCursor?) async throws
    -> AccountActivitiesPage
  {
    let orders = try await brokerage.orders(
      status: .closed, symbol: nil, limit: limit + 1, until: before?.time, credentials)
    let fills = orders.filter { !$0.filledQty.isZero }.map { order in
      let trade = AccountTrade(order)
      return AccountActivity(
        id: trade.id, kind: .fill, symbol: trade.symbol, time: trade.time, side: trade.side,
        shares: order.filledQty, price: trade.price,
        amount: trade.side == .buy ? -trade.amount : trade.amount, status: trade.status)
    }
    return AccountActivitiesPage(of: fills, limit: limit, before: before)
  }

  /// A page's cursor: the submission time of its last order in microseconds since 1970
  /// (the brokerage pages by time), and back.
  static func cursor(at time: Date) -> Int64 {
    Int64((time.timeIntervalSince1970 * 1_000_000).rounded())
  }

  static func time(ofCursor cursor: Int64) -> Date {
    Date(timeIntervalSince1970: TimeInterval(cursor) / 1_000_000)
  }

  /// One order by the brokerage's id, to follow it until it fills; an id that is not
  /// one (not a UUID) is no order.
  public func trade(id: String) async throws -> AccountTrade {
    guard let id = UUID(uuidString: id) else { throw BrokerageError.notFound }
    return AccountTrade(try await brokerage.order(id: id, credentials))
  }

  /// The positions held at the brokerage, at its own prices.
  public func holdings(pricing symbols: Set<Symbol>) async throws -> AccountHoldings {
    let positions = try await positions()
    return AccountHoldings(
      shares: Self.shares(positions),
      prices: Dictionary(
        positions.map { ($0.symbol, $0.price) }, uniquingKeysWith: { first, _ in first }))
  }

  /// Checked against the shares held at the brokerage: they, not the ledger's, fund
  /// this user's goals.
  public func saveGoal(_ goal: Goal, id: GoalID?, at time: Date) async throws -> GoalRecord {
    try await store.saveGoal(
      goal, id: id, accountID: accountID, holdings: Self.shares(try await positions()), at: time)
  }

  /// Alpaca's cash moves at Alpaca, not here.
  public func transfer(_ amount: Money, idempotencyKey: String?) async throws -> TransferReceipt {
    throw TransferError.linkedAccount
  }

  public func transfers() async throws -> [Transfer] { [] }

  private func positions() async throws(BrokerageError) -> [BrokeragePosition] {
    if let read = positionsRead.withLock({ $0 }) { return read }
    let read = try await brokerage.positions(credentials)
    positionsRead.withLock { $0 = read }
    return read
  }

  private static func shares(_ positions: [BrokeragePosition]) -> [Symbol: Quantity] {
    Dictionary(positions.map { ($0.symbol, $0.shares) }, uniquingKeysWith: +)
  }
}
