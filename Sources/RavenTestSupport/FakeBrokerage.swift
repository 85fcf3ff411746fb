import Foundation
import RavenBrokerage
import RavenCore
import RavenMarketData
import Synchronization

/// A brokerage in memory for tests: accounts by key id, orders that fill at a set price
/// (a market order at once, or when the test says), and a failure to answer with on demand.
/// It checks keys, buying power and shares the way Alpaca does.
public final class FakeBrokerage: Brokerage {
  public struct Account: Sendable {
    public var secretKey: String
    public var cash: Money
    public var shares: [Symbol: Quantity] = [:]
    /// Orders of every type, oldest first.
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

  /// Fills every open order of every account whose limit (if any) the price now meets,
  /// at that price.
  public func fillOrders() {
    let now = clock.now
    state.withLock { state in
      for (keyID, var account) in state.accounts {
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

  public func portfolioHistory(_ credentials: BrokerageCredentials, lookback: ChartLookback)
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
