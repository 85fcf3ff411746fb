import Foundation
import RavenBrokerage
import RavenCore
import RavenGateway
import RavenMarketData
import RavenSimulation
import RavenStore
import RavenStoreSQLite

/// An account that traded 20 stocks 1,000 times over five years on the simulated market
/// (seed 0), with their splits and dividends booked as the engine books them and a deposit
/// or withdrawal every six months.
struct BusyAccount: Sendable {
  static let symbols: [Symbol] = [
    "AAPL", "MSFT", "NVDA", "KO", "JPM", "XOM", "JNJ", "PG", "WMT", "DIS", "CVX", "PEP", "LLY",
    "T", "VZ", "INTC", "CSCO", "MRK", "PFE", "HD",
  ]

  let store: SQLiteStore
  let accountID: AccountID
  let userID: UserID
  let market: SimulatedMarket

  static func make(market: SimulatedMarket, now: Date) async throws -> BusyAccount {
    let store = try SQLiteStore.temporary()
    try await store.migrate()
    let calendar = market.calendar
    let start = now.addingTimeInterval(-5 * 365 * 86_400)
    let user = try await store.createUser(
      username: "busy", passwordHash: "x", startingCash: 100_000, at: start)
    let accountID = try await store.accounts(userID: user.id)[0].id
    let sessions = calendar.sessionIndices(overlapping: start, now).map { calendar.sessions[$0] }
    var events: [(time: Date, apply: @Sendable () async throws -> Void)] = []
    var random = SplitMix(seed: 35)
    // 1,000 trades spread over the sessions, at 13:00 New York.
    for number in 0..<1_000 {
      let session = sessions[number * sessions.count / 1_000]
      let time = session.open.addingTimeInterval(3.5 * 3_600)
      let symbol = symbols[Int(random.next() % UInt64(symbols.count))]
      let buy = random.next() % 10 < 6
      events.append(
        (
          time,
          {
            let price = try market.quote(for: symbol, at: time).price
            let held = try await store.account(accountID: accountID).shares(of: symbol)
            let side: TradeSide = buy || held.isZero ? .buy : .sell
            let shares = side == .buy ? Quantity(3) : min(held, Quantity(3))
            let order = Order(
              id: UUID(), clientOrderID: "t\(number)",
              request: OrderRequest(
                symbol: symbol, side: side, type: .market, qty: shares, timeInForce: .day),
              submittedAt: time)
            _ = try? await store.placeOrder(
              order, holdPrice: price, accountID: accountID, replacing: nil,
              matched: [.wholeFill(of: order, qty: shares, accountID: accountID, at: price)])
          }
        ))
    }
    for symbol in symbols {
      for action in try market.corporateActions(of: symbol)
      where action.exDate >= sessions[0].date && action.exDate <= sessions[sessions.count - 1].date
      {
        guard let index = calendar.sessionIndex(on: action.exDate) else { continue }
        let open = calendar.sessions[index].open
        events.append((open, { _ = try await store.bookCorporateAction(action, at: open) }))
      }
    }
    for (number, session) in sessions.enumerated() where number % 126 == 63 {
      let time = session.open.addingTimeInterval(3_600)
      let amount = Money(dollars: number % 252 == 63 ? 5_000 : -2_000)
      events.append(
        (
          time,
          {
            _ = try? await store.transfer(
              amount, accountID: accountID, idempotencyKey: nil, cashFloor: nil, at: time)
          }
        ))
    }
    for event in events.sorted(by: { $0.time < $1.time }) {
      try await event.apply()
      _ = try await store.payDividends(
        payableThrough: calendar.timeZone.marketDate(of: event.time), at: event.time)
    }
    let trades = try await store.tradeHistory(accountID: accountID).count
    let bookings = try await store.corporateActionBookings(accountID: accountID).count
    let transfers = try await store.transfers(accountID: accountID).count
    print("The account: \(trades) trades, \(bookings) splits and dividends, \(transfers) transfers")
    return BusyAccount(store: store, accountID: accountID, userID: user.id, market: market)
  }

  /// The history's points over ALL as performance samples.
  func samples(gateway: MarketGateway, calendar: NYSECalendar, now: Date) async throws
    -> [PerformanceSample]
  {
    let clock = FixedWallClock(now)
    let account = LedgerAccount(
      accountID: accountID, userID: userID, store: store, market: gateway, quotes: gateway,
      calendar: calendar, clock: clock,
      engine: OrderEngine(store: store, market: gateway, calendar: calendar, clock: clock))
    return try await account.equityHistory(.all).samples(calendar: calendar)
  }

  /// What `GET /api/v1/portfolio/performance?range=ALL` computes.
  func performance(gateway: MarketGateway, calendar: NYSECalendar, now: Date) async throws
    -> PerformanceReport?
  {
    let clock = FixedWallClock(now)
    let account = LedgerAccount(
      accountID: accountID, userID: userID, store: store, market: gateway, quotes: gateway,
      calendar: calendar, clock: clock,
      engine: OrderEngine(store: store, market: gateway, calendar: calendar, clock: clock))
    let history = try await account.equityHistory(.all)
    guard let first = history.points.first, let last = history.points.last else { return nil }
    let bars = try await gateway.bars(
      for: "SPY", resolution: history.resolution ?? .day,
      from: first.time.addingTimeInterval(-7 * 86_400), to: last.time.addingTimeInterval(1),
      asOf: now, adjustment: .all)
    return PerformanceReport(
      samples: history.samples(calendar: calendar), benchmarkLevels: history.levels(of: bars))
  }
}

/// A small deterministic generator (SplitMix64), so every run builds the same account.
struct SplitMix {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
