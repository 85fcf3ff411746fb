import Foundation
import RavenBrokerage
import RavenCore
import RavenMarketData
import Synchronization

/// A brokerage in memory for tests: accounts by key id, market orders that fill at a
/// set price (at once, or when the test says), and a failure to answer with on demand.
/// It checks keys, buying power and shares the way Alpaca does.
public final class FakeBrokerage: Brokerage {
  public struct Account: Sendable {
    public var secretKey: String
    public var cash: Money
    public var shares: [Symbol: Quantity] = [:]
    public var orders: [BrokerageOrder] = []
    /// Orders of every type (`placeOrder`), oldest first.
    public var placedOrders: [Order] = []

    public init(secretKey: String, cash: Money) {
      self.secretKey = secretKey
      self.cash = cash
    }
  }

  struct State: Sendable {
    var accounts: [String: Account] = [:]
    var prices: [Symbol: Price]
    var fillsAtOnce = true
    var failure: BrokerageError?
    var calls = 0
    var nextOrder = 1
  }

  let state: Mutex<State>
  let clock: any WallClock

  public var provider: String { "alpaca" }

  /// A brokerage that lists the symbols in `prices` and trades them at those prices.
  public init(prices: [Symbol: Price], clock: any WallClock) {
    state = Mutex(State(prices: prices))
    self.clock = clock
  }

  // MARK: Arranging a test

  public func addAccount(keyID: String, secretKey: String, cash: Money) {
    state.withLock { $0.accounts[keyID] = Account(secretKey: secretKey, cash: cash) }
  }

  /// Every later call throws `error` (nil: answer normally again).
  public func fail(with error: BrokerageError?) { state.withLock { $0.failure = error } }

  /// Whether new orders fill at once (true) or wait for `fillOrders()`.
  public func setFillsAtOnce(_ value: Bool) { state.withLock { $0.fillsAtOnce = value } }

  /// Fills every open market order of every account, and every order of any type whose
  /// limit the price now meets (at that price).
  public func fillOrders() {
    let now = clock.now
    state.withLock { state in
      for (keyID, var account) in state.accounts {
        var orders = account.orders
        for index in orders.indices where !orders[index].isFinal {
          Self.fill(&orders[index], in: &account, prices: state.prices, at: now)
        }
        account.orders = orders
        var placed = account.placedOrders
        for index in placed.indices where placed[index].status.isOpen {
          Self.fillIfMarketable(&placed[index], in: &account, prices: state.prices, at: now)
        }
        account.placedOrders = placed
        state.accounts[keyID] = account
      }
    }
  }

  /// How many calls were made (to see that nothing was asked).
  public var calls: Int { state.withLock { $0.calls } }

  public func account(keyID: String) -> Account? { state.withLock { $0.accounts[keyID] } }

  // MARK: Brokerage

  public func account(_ credentials: BrokerageCredentials) async throws(BrokerageError)
    -> BrokerageAccount
  {
    let (account, prices) = try enter(credentials) { state, account in (account, state.prices) }
    let equity = account.shares.reduce(account.cash) { total, holding in
      total + (holding.value * (prices[holding.key] ?? .zero)).roundedToCents()
    }
    return BrokerageAccount(
      accountNumber: "PA0000FAKE", status: "ACTIVE", currency: "USD", cash: account.cash,
      equity: equity, lastEquity: equity, buyingPower: account.cash)
  }

  public func positions(_ credentials: BrokerageCredentials) async throws(BrokerageError)
    -> [BrokeragePosition]
  {
    let (account, prices) = try enter(credentials) { state, account in (account, state.prices) }
    return account.shares.keys.sorted().map { symbol in
      let shares = account.shares[symbol] ?? .zero
      let price = prices[symbol] ?? .zero
      let value = (shares * price).roundedToCents()
      return BrokeragePosition(
        symbol: symbol, shares: shares, averageCost: price, costBasis: value, price: price,
        previousClose: price, marketValue: value, unrealizedProfit: .zero, dayChange: .zero)
    }
  }

  public func portfolioHistory(_ credentials: BrokerageCredentials, range: ChartRange)
    async throws(BrokerageError) -> BrokeragePortfolioHistory
  {
    let equity = try await account(credentials).equity
    let now = clock.now
    return BrokeragePortfolioHistory(
      points: [
        .init(time: now.addingTimeInterval(-300), equity: equity), .init(time: now, equity: equity),
      ],
      baseValue: equity)
  }

  public func submitOrder(_ order: BrokerageOrderRequest, _ credentials: BrokerageCredentials)
    async throws(BrokerageError) -> BrokerageOrder
  {
    let now = clock.now
    return try enter(credentials) { state, account throws(BrokerageError) in
      guard let price = state.prices[order.symbol] else { throw .unknownSymbol }
      switch order.side {
      case .buy where (order.shares * price).roundedToCents() > account.cash:
        throw .insufficientFunds
      case .sell where order.shares > account.shares[order.symbol] ?? .zero:
        throw .insufficientShares
      default: break
      }
      var placed = BrokerageOrder(
        id: "order-\(state.nextOrder)", clientOrderID: order.clientOrderID, symbol: order.symbol,
        side: order.side, shares: order.shares, filledShares: .zero, filledAveragePrice: nil,
        status: "accepted", submittedAt: now, filledAt: nil)
      state.nextOrder += 1
      if state.fillsAtOnce { Self.fill(&placed, in: &account, prices: state.prices, at: now) }
      account.orders.append(placed)
      return placed
    }
  }

  public func order(id: String, _ credentials: BrokerageCredentials) async throws(BrokerageError)
    -> BrokerageOrder
  {
    let orders = try enter(credentials) { _, account in account.orders }
    guard let order = orders.first(where: { $0.id == id }) else { throw .notFound }
    return order
  }

  public func order(clientOrderID: String, _ credentials: BrokerageCredentials)
    async throws(BrokerageError) -> BrokerageOrder?
  {
    try enter(credentials) { _, account in
      account.orders.first { $0.clientOrderID == clientOrderID }
    }
  }

  public func orders(limit: Int, until: Date?, _ credentials: BrokerageCredentials)
    async throws(BrokerageError) -> [BrokerageOrder]
  {
    let orders = try enter(credentials) { _, account in account.orders }
    return Array(
      orders.reversed().filter { until == nil || $0.submittedAt < until! }.prefix(limit))
  }

  // MARK: Inside

  /// Counts the call, fails when told to, checks the keys, then runs `body` on the account.
  func enter<T: Sendable>(
    _ credentials: BrokerageCredentials,
    _ body: (inout State, inout Account) throws(BrokerageError) -> T
  ) throws(BrokerageError) -> T {
    let result: Result<T, BrokerageError> = state.withLock { state in
      state.calls += 1
      if let failure = state.failure { return .failure(failure) }
      guard var account = state.accounts[credentials.keyID],
        account.secretKey == credentials.secretKey
      else { return .failure(.invalidCredentials) }
      do throws(BrokerageError) {
        let value = try body(&state, &account)
        state.accounts[credentials.keyID] = account
        return .success(value)
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  private static func fill(
    _ order: inout BrokerageOrder, in account: inout Account, prices: [Symbol: Price], at time: Date
  ) {
    let price = prices[order.symbol] ?? .zero
    settle(order.side, order.shares, of: order.symbol, at: price, in: &account)
    order.filledShares = order.shares
    order.filledAveragePrice = price
    order.status = "filled"
    order.filledAt = time
  }

  /// Moves cash and shares for a fill of `shares` at `price`.
  static func settle(
    _ side: TradeSide, _ shares: Quantity, of symbol: Symbol, at price: Price,
    in account: inout Account
  ) {
    let amount = (shares * price).roundedToCents()
    let held = account.shares[symbol] ?? .zero
    switch side {
    case .buy:
      account.cash -= amount
      account.shares[symbol] = held + shares
    case .sell:
      account.cash += amount
      let left = held - shares
      account.shares[symbol] = left.isPositive ? left : nil
    }
  }
}
