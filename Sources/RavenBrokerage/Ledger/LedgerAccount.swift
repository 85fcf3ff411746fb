import Foundation
import RavenCore
import RavenMarketData
import RavenStore
import Tagged

/// Raven's built-in paper account: cash and positions kept in the store, simple trades
/// filled at once at the market's current price, and orders of every type matched by
/// the `OrderEngine` against the market's minute bars, all placed as orders.
public struct LedgerAccount: TradingAccount {
  public let accountID: AccountID
  /// The account's owner, whose clients hear of its orders.
  public let userID: UserID
  let store: any Store
  /// Prices to trade at and bars to rebuild the account's history from.
  let market: any MarketDataProvider
  /// Prices to value the positions at, with their freshness.
  let quotes: any FreshQuoteSource
  let calendar: NYSECalendar
  let clock: any WallClock
  /// Matches orders as they are placed and as the market moves.
  let engine: OrderEngine
  /// The account as the store gave it moments ago and its last valuation, for showing it
  /// (never for trading).
  let recentReads: LedgerReads?
  /// Told of every trade, and every order this account places, replaces or cancels.
  let events: (any AccountEvents)?
  /// Which shares can be borrowed to sell short, and leveraged funds' margins.
  let securities: any SecurityTermsSource

  public init(
    accountID: AccountID, userID: UserID, store: any Store, market: any MarketDataProvider,
    quotes: any FreshQuoteSource, calendar: NYSECalendar, clock: any WallClock,
    engine: OrderEngine, recentReads: LedgerReads? = nil, events: (any AccountEvents)? = nil,
    securities: any SecurityTermsSource = UniformSecurityTerms()
  ) {
    self.engine = engine
    self.securities = securities
    self.events = events
    self.recentReads = recentReads
    self.accountID = accountID
    self.userID = userID
    self.store = store
    self.market = market
    self.quotes = quotes
    self.calendar = calendar
    self.clock = clock
  }

  public func portfolio() async throws -> AccountPortfolio {
    let account: Account
    if let recentReads {
      account = try await recentReads.accounts.value(for: accountID) {
        try await store.account(accountID: accountID)
      }
    } else {
      account = try await store.account(accountID: accountID)
    }
    let symbols = account.positions.map(\.symbol)
    let answer = await quotes.freshQuotes(for: symbols, at: clock.now)
    let valuation =
      recentReads?.valuation(of: account, at: answer.quotes, order: symbols, accountID: accountID)
      ?? account.ledger.valuation(quotes: answer.quotes, order: symbols)
    let margin =
      account.settings.isMargin
      ? margin(
        of: account, valuation: valuation,
        lastEquity: try await lastEquity(of: account, quotes: answer.quotes)) : nil
    var portfolio = AccountPortfolio(
      cash: valuation.cash, netWorth: valuation.netWorth, marketValue: valuation.marketValue,
      startingCash: account.startingCash, realizedProfit: account.realizedProfit,
      positions: valuation.positions,
      buyingPower: margin.map { max($0.buyingPower.total - account.holds.heldCash, .zero) }
        ?? account.buyingPower,
      sharesAvailable: Dictionary(
        uniqueKeysWithValues: symbols.map { ($0, account.sharesAvailable(of: $0)) }),
      freshness: answer.freshness, margin: margin)
    portfolio.dividends = DividendTotals(
      try await store.corporateActionBookings(accountID: accountID))
    return portfolio
  }

  /// A margin account's figures at the valuation's prices; nil for a cash account.
  func margin(of account: Account, valuation: PortfolioValuation, lastEquity: Money)
    -> PortfolioMargin
  {
    let figures = MarginFigures(
      cash: account.cash, positions: account.positions,
      prices: Dictionary(
        valuation.positions.map { ($0.symbol, $0.price) }, uniquingKeysWith: { first, _ in first }),
      terms: securities)
    return PortfolioMargin(
      figures: figures, buyingPower: account.settings.buyingPower(figures, lastEquity: lastEquity),
      lastEquity: lastEquity, shortingEnabled: account.settings.allowsShortSelling)
  }

  /// The cursor is the last trade's id.
  public func trades(limit: Int, before: Int64?) async throws -> AccountTradesPage {
    let records = try await store.trades(
      accountID: accountID, before: before.map { TradeID($0) }, limit: limit + 1)
    let page = records.prefix(limit)
    return AccountTradesPage(
      trades: page.map { AccountTrade($0) },
      nextCursor: records.count > limit ? page.last?.id.rawValue : nil)
  }

  /// The orders that filled some shares, newest submitted first, at most `limit`
  /// (Alpaca's fill activities are theirs).
  public func filledOrders(limit: Int) async throws -> [Order] {
    var window = OrderTimeWindow(ascending: false)
    var found: [Order] = []
    while found.count < limit {
      let page = try await store.orders(
        accountID: accountID, status: .all, symbol: nil, submitted: window, limit: 500)
      found += page.map(\.order).filter { !$0.fills.isEmpty }
      guard page.count == 500, let last = page.last else { break }
      window.cursor = OrderTimeCursor(last)
    }
    return Array(found.prefix(limit))
  }

  /// The current period's splits and dividends, newest ex-date first.
  public func corporateActionBookings() async throws -> [CorporateActionBooking] {
    try await store.corporateActionBookings(accountID: accountID)
  }

  /// The current period's fills, dividends and splits, newest first.
  public func activities(limit: Int, before: ActivityCursor?) async throws
    -> AccountActivitiesPage
  {
    let trades = try await store.tradeHistory(accountID: accountID)
    let bookings = try await store.corporateActionBookings(accountID: accountID)
    let transfers = try await store.transfers(accountID: accountID)
    return AccountActivitiesPage(
      of: trades.map(AccountActivity.init) + bookings.map(AccountActivity.init)
        + transfers.map(AccountActivity.init), limit: limit, before: before)
  }

  /// The ledger's positions, priced at the market's quotes.
  public func holdings(pricing symbols: Set<Symbol>) async throws -> AccountHoldings {
    let shares = try await store.account(accountID: accountID).holdings
    let quotes = symbols.isEmpty ? [:] : try await market.quotes(for: Array(symbols), at: clock.now)
    return AccountHoldings(shares: shares, prices: quotes.mapValues(\.price))
  }

  /// Checked against the ledger's holdings in the same transaction that saves it.
  public func saveGoal(_ goal: Goal, id: GoalID?, at time: Date) async throws -> GoalRecord {
    try await store.saveGoal(goal, id: id, accountID: accountID, holdings: nil, at: time)
  }

  /// At the market's now: the account's time, which its history is valued in.
  ///
  /// A margin account's cash includes what its short sales raised: it may withdraw only
  /// its equity above the initial margin, at the market's prices now (Alpaca's withdrawable
  /// cash), as well as no more than the cash its open orders do not hold (the store's rule).
  public func transfer(_ amount: Money, idempotencyKey: String?) async throws -> TransferReceipt {
    // Only a margin account is valued for it (a cash account's rule is the store's alone).
    // The excess is held as the cash it leaves, which the store checks in its transaction:
    // a second withdrawal at once finds the first's cash gone and less room above it.
    var cashFloor: Money?
    if amount.isNegative, try await store.account(accountID: accountID).settings.isMargin {
      let portfolio = try await portfolio()
      if let margin = portfolio.margin {
        cashFloor =
          portfolio.cash - max(margin.figures.equity - margin.figures.initialMargin, .zero)
      }
    }
    // Whatever the answer, the cash this server showed may be stale now (a refusal may
    // follow a write the store could not confirm).
    let receipt: TransferReceipt
    do {
      receipt = try await store.transfer(
        amount, accountID: accountID, idempotencyKey: idempotencyKey, cashFloor: cashFloor,
        at: clock.now)
    } catch {
      await events?.accountChanged(accountID)
      throw error
    }
    await events?.accountChanged(accountID)
    return receipt
  }

  public func transfers() async throws -> [Transfer] {
    try await store.transfers(accountID: accountID)
  }
}
