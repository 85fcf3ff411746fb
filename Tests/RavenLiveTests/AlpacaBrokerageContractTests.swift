import AsyncHTTPClient
import Foundation
import RavenCore
import Testing

@testable import RavenBrokerage
@testable import RavenHTTP

/// AlpacaBrokerage against a local fake of Alpaca's documented trading API.
@Suite("Alpaca brokerage contract")
struct AlpacaBrokerageContractTests {
  let server = FakeAlpacaTradingServer()
  static let keys = BrokerageCredentials(
    keyID: FakeAlpacaTradingServer.keyID, secretKey: FakeAlpacaTradingServer.secret)

  func withBrokerage(
    timeout: Duration = FakeUpstream.answerTimeout,
    _ body: @Sendable (AlpacaBrokerage) async throws -> Void
  ) async throws {
    try await server.run { baseURL in
      try await body(
        AlpacaBrokerage(
          configuration: AlpacaTradingConfiguration(baseURL: baseURL + "/", timeout: timeout),
          transport: AsyncHTTPTransport(client: .shared)))
    }
  }

  @Test("the account's cash and equity are exact, and the keys travel only in headers")
  func account() async throws {
    try await withBrokerage { brokerage in
      let account = try await brokerage.account(Self.keys)
      #expect(account.accountNumber == "PA3XWJ5QVB2N")
      #expect(account.status == "ACTIVE")
      #expect(account.cash.description == "-23140.20")
      #expect(account.equity.description == "103820.56")
      #expect(account.lastEquity.description == "103529.24")
      #expect(account.buyingPower.description == "262113.63")
    }
    let request = try #require(server.requests.first)
    #expect(request.uri == "/v2/account")
    #expect(request.keyID == Self.keys.keyID && request.secret == Self.keys.secretKey)
    #expect(!request.uri.contains(Self.keys.secretKey))
  }

  @Test("wrong keys are 401 and read as invalid credentials")
  func wrongKeys() async throws {
    try await withBrokerage { brokerage in
      let wrong = BrokerageCredentials(keyID: "PKWRONG", secretKey: "nope")
      await #expect(throws: BrokerageError.invalidCredentials) {
        try await brokerage.account(wrong)
      }
      await #expect(throws: BrokerageError.invalidCredentials) {
        try await brokerage.placeOrder(.market("AAPL", .buy, 1), wrong)
      }
    }
  }

  @Test("positions keep whole and fractional shares and amounts exactly")
  func positions() async throws {
    try await withBrokerage { brokerage in
      let positions = try await brokerage.positions(Self.keys)
      #expect(positions.map(\.symbol) == ["AAPL", "TSLA"])
      let apple = positions[0]
      #expect(apple.shares.description == "10")
      #expect(apple.averageCost.description == "187.95")
      #expect(apple.costBasis.description == "1879.50")
      #expect(apple.price.description == "191.53")
      #expect(apple.previousClose.description == "191.95")
      #expect(apple.unrealizedProfit.description == "35.80")
      #expect(apple.dayChange.description == "-4.20")
      let tesla = positions[1]
      #expect(tesla.shares.description == "0.5")
      #expect(tesla.marketValue.description == "121.01")
    }
  }

  @Test("portfolio history: the day in five-minute points, null equities left out, with flows")
  func history() async throws {
    try await withBrokerage { brokerage in
      let history = try await brokerage.portfolioHistory(Self.keys, lookback: .tradingDays(1))
      #expect(history.points.map(\.equity.description) == ["103529.24", "103700.50", "103820.56"])
      // The deposit at the point without an equity moves to the next; a dividend is no flow.
      #expect(history.points.map(\.flow.description) == ["0.00", "1000.00", "-50.50"])
      #expect(history.flowsKnown)
      #expect(history.points.first?.time == Date(timeIntervalSince1970: 1_763_649_000))
      #expect(history.baseValue?.description == "103529.24")
      for lookback in [ChartLookback.years(1), .months(3), .yearToDate, .all] {
        _ = try await brokerage.portfolioHistory(Self.keys, lookback: lookback)
      }
    }
    #expect(
      server.requests.map(\.uri) == [
        "/v2/account/portfolio/history?period=1D&timeframe=5Min&cashflow_types=ALL",
        "/v2/account/portfolio/history?period=1A&timeframe=1D&cashflow_types=ALL",
        "/v2/account/portfolio/history?period=3M&timeframe=1D&cashflow_types=ALL",
        "/v2/account/portfolio/history?period=1A&timeframe=1D&cashflow_types=ALL",
        "/v2/account/portfolio/history?period=5A&timeframe=1D&cashflow_types=ALL",
      ])
  }

  @Test("a fractional market order goes as a day order with qty as exact text")
  func fractionalOrder() async throws {
    try await withBrokerage { brokerage in
      let order = try await brokerage.placeOrder(
        .market("AAPL", .buy, Quantity("0.125000")!, clientOrderID: "raven-1"), Self.keys)
      #expect(order.brokerStatus == "accepted" && order.status == .new)
      #expect(order.qty?.description == "0.125")
      #expect(order.filledQty.isZero && order.filledAvgPrice == nil)
      #expect(order.clientOrderID == "raven-1")
      #expect(order.submittedAt == Date(timeIntervalSince1970: 1_763_650_000.5))
    }
    let request = try #require(server.requests.first)
    #expect(request.method == "POST" && request.uri == "/v2/orders")
    #expect(
      request.body
        == #"{"client_order_id":"raven-1","qty":"0.125","side":"buy","symbol":"AAPL","time_in_force":"day","type":"market"}"#
    )
  }

  @Test("a whole-share sell order")
  func wholeOrder() async throws {
    try await withBrokerage { brokerage in
      let order = try await brokerage.placeOrder(.market("AAPL", .sell, 3), Self.keys)
      #expect(order.side == .sell && order.qty == 3)
    }
    #expect(server.requests.first?.body.contains(#""qty":"3""#) == true)
    #expect(server.requests.first?.body.contains("client_order_id") == false)
  }

  @Test(
    "Alpaca's refusals become the ledger's reasons",
    arguments: [
      ("AAPL", TradeSide.buy, "5000", BrokerageError.insufficientFunds),
      ("TSLA", .sell, "1", .insufficientShares),
      ("ZZZZ", .buy, "1", .unknownSymbol),
      ("GONE", .buy, "1", .unknownSymbol),
      ("BRK.A", .buy, "0.5", .rejected("asset BRK.A is not fractionable")),
    ])
  func refusals(symbol: String, side: TradeSide, shares: String, expected: BrokerageError)
    async throws
  {
    try await withBrokerage { brokerage in
      await #expect(throws: expected) {
        try await brokerage.placeOrder(
          .market(Symbol(symbol)!, side, Quantity(shares)!), Self.keys)
      }
    }
  }

  @Test("an order by id until filled; an unknown id is not found")
  func orderByID() async throws {
    try await withBrokerage { brokerage in
      let order = try await brokerage.order(
        id: UUID(uuidString: FakeAlpacaTradingServer.filledOrderID)!, Self.keys)
      #expect(order.status == .filled && !order.status.isOpen)
      #expect(order.filledQty.description == "2.5")
      #expect(order.filledAvgPrice?.description == "187.9512")
      #expect(order.filledAt == Date(timeIntervalSince1970: 1_763_650_001.000123))
      await #expect(throws: BrokerageError.notFound) {
        try await brokerage.order(
          id: UUID(uuidString: "00000000-0000-0000-0000-000000000000")!, Self.keys)
      }
      #expect(
        try await brokerage.order(clientOrderID: "known-client-id", Self.keys)?.id == order.id)
      #expect(try await brokerage.order(clientOrderID: "other", Self.keys) == nil)
    }
    #expect(!server.requests.contains { $0.uri.contains("account") })
  }

  @Test("the order list asks for every status, newest first, before a time")
  func orders() async throws {
    try await withBrokerage { brokerage in
      let until = Date(timeIntervalSince1970: 1_763_650_000.25)
      let orders = try await brokerage.orders(
        status: .all, symbol: nil, limit: 2, until: until, Self.keys)
      #expect(orders.map(\.symbol) == ["AAPL", "MSFT"])
      #expect(orders[1].brokerStatus == "accepted" && orders[1].side == .sell)
    }
    #expect(
      server.requests.first?.uri
        == "/v2/orders?status=all&limit=2&direction=desc&until=2025-11-20T14%3A46%3A40.250000Z")
  }

  @Test("malformed, failing and slow answers are 'unavailable'")
  func failures() async throws {
    try await withBrokerage(timeout: .milliseconds(300)) { brokerage in
      for symbol in ["BROKEN", "DOWN", "SLOW"] {
        let error = await #expect(throws: BrokerageError.self) {
          try await brokerage.placeOrder(.market(Symbol(symbol)!, .buy, 1), Self.keys)
        }
        guard case .unavailable = error else {
          Issue.record("\(symbol): \(String(describing: error))")
          continue
        }
      }
    }
  }

  @Test("no error or description shows the secret")
  func secretNeverShown() async throws {
    #expect(!"\(Self.keys)".contains(Self.keys.secretKey))
    #expect(!String(reflecting: Self.keys).contains(Self.keys.secretKey))
    #expect(Self.keys.keyHint == "…WXYZ")
    try await withBrokerage(timeout: .milliseconds(300)) { brokerage in
      for symbol in ["ZZZZ", "DOWN", "SLOW", "BROKEN"] {
        do {
          _ = try await brokerage.placeOrder(.market(Symbol(symbol)!, .buy, 1), Self.keys)
        } catch {
          #expect(!"\(error)".contains(Self.keys.secretKey))
          #expect(!"\(error)".contains(Self.keys.keyID))
        }
      }
    }
  }
}

extension OrderRequest {
  /// A market order for the day, as a simple trade places it.
  static func market(
    _ symbol: Symbol, _ side: TradeSide, _ qty: Quantity, clientOrderID: String? = nil
  ) -> OrderRequest {
    OrderRequest(
      symbol: symbol, side: side, type: .market, qty: qty, timeInForce: .day,
      clientOrderID: clientOrderID)
  }
}
