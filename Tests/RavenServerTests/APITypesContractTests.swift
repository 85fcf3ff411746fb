import Foundation
import RavenAPI
import RavenCore
import Testing

/// RavenAPI's types, which the server answers with and the CLI reads, held to openapi.yaml:
/// each type, with every optional field set, encodes exactly the keys its route documents,
/// and reads back what it wrote.
@Suite("RavenAPI types and openapi.yaml")
struct APITypesContractTests {
  let schemas: OpenAPISchemas
  static let time = Date(timeIntervalSince1970: 1_795_190_400)  // 2026-11-20T15:00:00Z

  init() throws { schemas = try OpenAPISchemas() }

  /// `value` against the schema of `method path`'s answer with `status`, or of its request
  /// body when `status` is nil.
  private func check<Value: Codable & Equatable>(
    _ value: Value, _ method: String, _ path: String, status: String? = "200",
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let schema = try #require(
      status.map { schemas.response(method, path, status: $0) }
        ?? schemas.requestBody(method, path),
      "\(method) \(path) documents no JSON \(status ?? "request body")",
      sourceLocation: sourceLocation)
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    let data = try encoder.encode(value)
    let json = try JSONSerialization.jsonObject(with: data)
    #expect(
      schemas.mismatches(json, schema) == [], "\(Value.self) for \(method) \(path)",
      sourceLocation: sourceLocation)
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    #expect(
      try decoder.decode(Value.self, from: data) == value, "\(Value.self) reads back what it wrote",
      sourceLocation: sourceLocation)
  }

  private static let aapl = Symbol("AAPL")
  private static let trade = AccountTrade(
    id: "7", symbol: aapl, side: .buy, shares: Quantity("2")!, price: Price("187.95")!,
    amount: Money("375.90")!, realizedProfit: .zero, time: time, status: "filled")

  @Test("Accounts: listed, opened, renamed and reset")
  func accounts() throws {
    let account = AccountBody(
      id: UUID(), name: "Momentum", kind: .paper, startingCash: Money("10000.00")!,
      createdAt: Self.time, closedAt: Self.time, isDefault: false, margin: true)
    try check(AccountsBody(accounts: [account]), "GET", "/api/v1/accounts")
    try check(account, "GET", "/api/v1/accounts/{account}")
    try check(account, "POST", "/api/v1/accounts", status: "201")
    try check(account, "PATCH", "/api/v1/accounts/{account}")
    try check(account, "POST", "/api/v1/accounts/{account}/reset")
    try check(
      AccountCreateRequest(name: "Momentum", startingCash: "10000.00"), "POST",
      "/api/v1/accounts", status: nil)
    try check(
      AccountPatchRequest(name: "Swing", margin: true), "PATCH", "/api/v1/accounts/{account}",
      status: nil)
    try check(
      AccountResetRequest(startingCash: "25000.00"), "POST", "/api/v1/accounts/{account}/reset",
      status: nil)
  }

  @Test("Sign-up, sign-in, the user and personal tokens")
  func auth() throws {
    let credentials = CredentialsRequest(username: "ada", password: "correct horse")
    try check(credentials, "POST", "/api/v1/auth/signup", status: nil)
    try check(credentials, "POST", "/api/v1/auth/login", status: nil)
    try check(
      TokenRequest(username: "ada", password: "correct horse", name: "laptop"),
      "POST", "/api/v1/auth/tokens", status: nil)
    let user = UserBody(id: 1, username: "ada", createdAt: Self.time)
    try check(user, "GET", "/api/v1/me")
    try check(
      SignedInBody(user: user, csrfToken: "c"), "POST", "/api/v1/auth/signup", status: "201")
    try check(
      CreatedTokenBody(id: 3, name: "laptop", token: "rvn_x", createdAt: Self.time),
      "POST", "/api/v1/auth/tokens", status: "201")
  }

  @Test("The portfolio, its history and the order of its positions")
  func portfolio() throws {
    let position = PositionBody(
      symbol: Self.aapl, name: "Apple Inc", shares: Quantity("2")!,
      sharesAvailable: Quantity("1.5")!, avgCost: Price("180")!,
      totalCost: Money("360")!, price: Price("187.95")!, marketValue: Money("375.90")!,
      changeFromCost: Money("15.90")!, changeFromCostPercent: ExactDecimal("4.42")!,
      dayChange: Money("1.20")!, dayChangePercent: ExactDecimal("0.32")!)
    try check(
      PortfolioBody(
        cash: Money("24640")!, netWorth: Money("25015.90")!, marketValue: Money("375.90")!,
        startingCash: Money("25000")!, realizedProfit: .zero,
        buyingPower: Money("23640")!, positions: [position],
        asOf: Self.time,
        margin: MarginBody(
          multiplier: 4, equity: Money("25015.90")!, longMarketValue: Money("375.90")!,
          shortMarketValue: .zero, initialMargin: Money("187.95")!,
          maintenanceMargin: Money("93.98")!, lastEquity: Money("25000")!,
          shortingEnabled: true), dividendsReceived: Money("3.46")!,
        dividendsPending: Money("0.84")!),
      "GET", "/api/v1/portfolio")
    try check(
      PortfolioHistoryBody(
        range: .oneDay,
        points: [
          .init(
            time: Self.time, value: Money("25015.90")!, twrIndex: ExactDecimal("1.000636")!,
            benchmarkIndex: ExactDecimal("1.001200")!),
          .init(
            time: Self.time.addingTimeInterval(60), value: Money("26015.90")!,
            flow: Money("1000.00")!, twrIndex: ExactDecimal("1.000636")!, benchmarkIndex: nil),
        ],
        baseline: Money("25000")!, change: Money("15.90")!, changePercent: ExactDecimal("0.06")!,
        benchmark: "SPY"),
      "GET", "/api/v1/portfolio/history")
    let day = MarketDate("2026-11-20")!
    let samples = [
      PerformanceSample(time: Self.time, session: day, value: Money("25000")!),
      PerformanceSample(
        time: Self.time.addingTimeInterval(86_400), session: day.adding(days: 1),
        value: Money("26100")!, flow: Money("1000")!),
      PerformanceSample(
        time: Self.time.addingTimeInterval(2 * 86_400), session: day.adding(days: 2),
        value: Money("25900")!),
    ]
    let report = try #require(
      PerformanceReport(samples: samples, benchmarkLevels: [500, 505, 503]))
    try check(
      PerformanceBody(
        range: .oneWeek, report: report, benchmark: "SPY", riskFreeRate: .zero, flowsKnown: true),
      "GET", "/api/v1/portfolio/performance")
    try check(
      PerformanceBody(
        range: .oneDay, report: try #require(PerformanceReport(samples: [samples[0]])),
        benchmark: "SPY", riskFreeRate: ExactDecimal("0.04")!, flowsKnown: false),
      "GET", "/api/v1/portfolio/performance")
    let order = SymbolOrderRequest(symbols: ["MSFT", "AAPL"])
    try check(order, "PUT", "/api/v1/portfolio/order", status: nil)
    try check(order, "PUT", "/api/v1/watchlist/order", status: nil)
  }

  @Test("Trades: the request, the receipt, a page and a brokerage order")
  func trades() throws {
    try check(
      TradeRequest(symbol: "AAPL", side: "buy", shares: "2"), "POST", "/api/v1/trades",
      status: nil)
    try check(
      TradeReceiptBody(trade: Self.trade, cash: Money("24624.10")!), "POST", "/api/v1/trades",
      status: "201")
    try check(TradesPageBody(trades: [Self.trade], nextCursor: "7"), "GET", "/api/v1/trades")
    let split = AccountActivity(
      id: "AAPL-SPLIT-2026-11-23", kind: .split, symbol: Self.aapl, time: Self.time,
      shares: Quantity("8")!, sharesBefore: Quantity("2")!, amount: .zero, status: "booked")
    let dividend = AccountActivity(
      id: "AAPL-DIV-2026-11-23", kind: .dividend, symbol: Self.aapl, time: Self.time,
      shares: Quantity("2")!, amount: Money("0.48")!, status: "pending",
      payableDate: MarketDate("2026-12-10"))
    let fill = AccountActivity(
      id: "12", kind: .fill, symbol: Self.aapl, time: Self.time, side: .sell,
      shares: Quantity("1")!, price: Price("187.95")!, amount: Money("187.95")!,
      realizedProfit: Money("7.95")!, status: "filled")
    try check(
      ActivitiesPageBody(activities: [split, dividend, fill], nextCursor: "1795190400000000:12"),
      "GET", "/api/v1/activities")
    let action = CorporateAction(
      symbol: Self.aapl, kind: .cashDividend(rate: Price("0.24")!, special: false),
      declarationDate: MarketDate("2026-11-02")!, exDate: MarketDate("2026-11-23")!,
      recordDate: MarketDate("2026-11-23")!, payableDate: MarketDate("2026-12-10")!)
    let summary = CorporateActionSummary(action, today: MarketDate("2026-11-20")!)
    try check(
      CorporateActionsBody(
        symbol: Self.aapl, source: "Raven simulated market", actions: [summary],
        dividendYield: ExactDecimal("0.52")!, nextDividend: summary, lastSplit: nil),
      "GET", "/api/v1/stocks/{symbol}/corporate-actions")
    try check(Self.trade, "GET", "/api/v1/brokerage/orders/{id}")
  }

  @Test("Orders: the request, an order with every field, a page")
  func orders() throws {
    try check(
      OrderRequestBody(
        symbol: "AAPL", side: "buy", type: "stop_limit", qty: "3", notional: "250",
        limitPrice: "350.00", stopPrice: "349.00", trailPrice: "1.00", trailPercent: "2",
        timeInForce: "gtc", clientOrderId: "bot-1", extendedHours: false, orderClass: "bracket",
        takeProfit: TakeProfitBody(limitPrice: "360.00"),
        stopLoss: StopLossBody(stopPrice: "340.00", limitPrice: "339.00")),
      "POST", "/api/v1/orders", status: nil)
    let id = UUID(uuidString: "6F1E4C52-0B7A-4E0D-9B7B-2F4B1D9A6C11")!
    var order = Order(
      id: id, clientOrderID: "bot-1",
      request: OrderRequest(
        symbol: Self.aapl, side: .sell, type: .trailingStop, qty: Quantity("3")!,
        notional: Money("250")!, limitPrice: Price("350.00")!, stopPrice: Price("349.00")!,
        trailPrice: Price("1.00")!, trailPercent: ExactDecimal("2")!, timeInForce: .gtc),
      submittedAt: Self.time)
    order.record(
      MinuteOutcome(
        orderID: id, fill: OrderFill(time: Self.time, qty: 1, price: Price("351.20")!),
        mark: Price("352.00")!, triggered: true),
      applied: AppliedFill(
        trade: Trade(
          symbol: Self.aapl, side: .sell, shares: 1, price: Price("351.20")!,
          amount: Money("351.20")!, realizedProfit: .zero, time: Self.time),
        cutShort: false),
      positionAfter: 2, at: Self.time)
    order.end(.replaced, at: Self.time, reason: "replaced")
    order.filledAt = Self.time
    order.expiredAt = Self.time
    order.replacedBy = id
    order.replaces = id
    order.orderClass = .bracket
    order.legs = [id]
    order.parentID = id
    order.positionIntent = .sellToClose
    order.sharesHeldByPair = true
    try check(order, "POST", "/api/v1/orders", status: "201")
    try check(order, "GET", "/api/v1/orders/{id}")
    try check(OrdersPageBody(orders: [order], nextCursor: "9"), "GET", "/api/v1/orders")
    try check(OrdersPageBody(orders: [], nextCursor: nil), "GET", "/api/v1/orders")
  }

  @Test("A trade's shares are read as typed, whether sent as a string or a number")
  func tradeRequestShares() throws {
    let decoder = JSONDecoder()
    for (json, shares) in [(#""0.5""#, "0.5"), ("3", "3"), ("0.25", "0.25"), ("true", "")] {
      let body = #"{"symbol":"AAPL","side":"buy","shares":"# + json + "}"
      #expect(try decoder.decode(TradeRequest.self, from: Data(body.utf8)).shares == shares)
    }
  }

  @Test("Goals: create, change, one and all")
  func goals() throws {
    let allocations: [GoalAllocation] = [
      .shares(Self.aapl, Quantity("1")!), .percent(Symbol("MSFT"), ExactDecimal("50")!),
    ]
    try check(
      GoalRequest(
        title: "House", description: "Flat", target: Money("60000")!,
        allocations: allocations),
      "POST", "/api/v1/goals", status: nil)
    try check(
      GoalPatchRequest(
        title: "House", description: "Flat", target: Money("60000")!,
        allocations: allocations),
      "PATCH", "/api/v1/goals/{id}", status: nil)
    let goal = GoalBody(
      id: "1", title: "House", description: "Flat", target: Money("60000")!,
      allocations: [
        GoalAllocationBody(
          symbol: Self.aapl, shares: Quantity("1")!, percent: ExactDecimal("50")!,
          effectiveShares: Quantity("1")!, value: Money("187.95")!, unfunded: false)
      ],
      allocatedValue: Money("187.95")!, progress: ExactDecimal("0.0031")!, createdAt: Self.time,
      updatedAt: Self.time)
    try check(goal, "GET", "/api/v1/goals/{id}")
    try check(goal, "POST", "/api/v1/goals", status: "201")
    try check(
      GoalsBody(
        goals: [goal], totalProgress: ExactDecimal("0.0031")!, fundedValue: Money("187.95")!,
        totalTarget: Money("60000")!),
      "GET", "/api/v1/goals")
  }

  @Test("The watchlist and a linked brokerage account")
  func watchlistAndBrokerage() throws {
    try check(
      WatchlistBody(items: [
        .init(
          symbol: Self.aapl, name: "Apple Inc", price: Price("187.95")!, change: Price("1.2")!,
          changePercent: ExactDecimal("0.64")!)
      ]),
      "GET", "/api/v1/watchlist")
    try check(
      BrokerageLinkRequest(provider: "alpaca", keyId: "PKTEST", secretKey: "secret"),
      "PUT", "/api/v1/brokerage", status: nil)
    let linked = BrokerageStatusBody(
      linked: true, provider: "alpaca", keyHint: "…TEST", linkedAt: Self.time,
      account: BrokerageAccountBody(
        accountNumber: "PA1", status: "ACTIVE", currency: "USD", cash: Money("1000")!,
        equity: Money("1200")!, buyingPower: Money("2000")!))
    try check(linked, "GET", "/api/v1/brokerage")
    try check(linked, "PUT", "/api/v1/brokerage")
    try check(BrokerageStatusBody.unlinked, "GET", "/api/v1/brokerage")
  }

  @Test("Market answers that wrap RavenCore's values, the providers report and health")
  func market() throws {
    let quote = Quote(
      symbol: Self.aapl, price: Price("187.95")!, open: Price("186")!, high: Price("188.5")!,
      low: Price("185.1")!, previousClose: Price("186.75")!, time: Self.time,
      bid: Price("187.94")!, ask: Price("187.96")!)
    try check(QuotesBody(quotes: [quote]), "GET", "/api/v1/quotes")
    try check(
      SearchResultsBody(results: [
        SearchResult(symbol: Self.aapl, name: "Apple Inc", exchange: "NASDAQ")
      ]),
      "GET", "/api/v1/search")
    try check(ArticlesBody(articles: []), "GET", "/api/v1/stocks/{symbol}/news")
    try check(PeersBody(peers: [Symbol("MSFT")]), "GET", "/api/v1/stocks/{symbol}/peers")
    try check(TrendsBody(trends: []), "GET", "/api/v1/stocks/{symbol}/recommendations")
    try check(QuartersBody(quarters: []), "GET", "/api/v1/stocks/{symbol}/earnings")
    let attribution = DataAttribution(
      name: "Finnhub", url: "https://finnhub.io", isSimulated: false)
    try check(
      ProvidersBody(
        providers: [
          .init(
            id: "finnhub", attribution: attribution, capabilities: ["quote"],
            fallbackFor: ["bars"],
            budget: [
              .init(
                capacity: 30, refillPerSecond: 1, remaining: 29, windowCalls: 60,
                windowSeconds: 60)
            ],
            circuit: .init(state: .open, consecutiveFailures: 3, retryAt: Self.time))
        ],
        sources: ["quote": attribution]),
      "GET", "/api/v1/market/providers")
    try check(HealthBody(status: "ok", time: Self.time), "GET", "/healthz")
  }
}
