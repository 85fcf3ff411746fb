import Foundation
import RavenBrokerage
import RavenCore
import RavenStore
import Testing

extension OrderEngineTests {
  /// A market buy far larger than a minute's volume allows, as a just-placed order.
  private func hugeBuy() -> StoredOrder {
    let id = UUID()
    let order = Order(
      id: id, clientOrderID: id.uuidString,
      request: OrderRequest(
        symbol: "KO", side: .buy, type: .market, qty: 5_000_000, timeInForce: .day),
      submittedAt: clock.now)
    return StoredOrder(
      accountID: account.accountID, userID: account.userID, order: order,
      holdPrice: Price("60.00")!, version: 1, sequence: 0)
  }

  private func filled(_ match: PlacingMatch) -> Quantity {
    match.changes.reduce(.zero) { total, change in
      guard case .minute(let outcome) = change.update else { return total }
      return total + (outcome.fill?.qty ?? .zero)
    }
  }

  @Test("A placement sets its fill's volume aside at once, and gives it back when refused")
  func placingSetsAsideAndReleases() async throws {
    let price = try market.quote(for: "KO", at: clock.now).price
    let first = await engine.matchPlacing(hugeBuy(), at: price)
    let taken = filled(first)
    #expect(taken.isPositive)
    #expect(taken < 5_000_000)  // the minute's participation caps it

    // Set aside: a second order in the same minute finds less left.
    let second = await engine.matchPlacing(hugeBuy(), at: price)
    #expect(filled(second) < taken)

    // Both refused by the store: what they set aside is free again.
    await engine.release(second)
    await engine.release(first)
    #expect(filled(await engine.matchPlacing(hugeBuy(), at: price)) == taken)
  }

  @Test("A market order placed in a session is recorded filled, its fill in the account")
  func marketOrderFillsAsPlaced() async throws {
    let placed = try await account.placeOrder(
      OrderRequest(symbol: "KO", side: .buy, type: .market, qty: 3, timeInForce: .day))
    #expect(placed.status == .filled)
    let stored = try await store.order(id: placed.id, accountID: account.accountID)
    #expect(stored.order.status == .filled)
    // Placed (version 1) and filled (2) in the same write.
    #expect(stored.version == 2)
    let position = try await store.account(accountID: account.accountID).positions.first
    #expect(position?.symbol == "KO")
    #expect(position?.shares == 3)
  }
}

/// Two servers on one database: each has its own engine (its own memory of the minute),
/// and the cap is shared through the store (issue 38).
extension OrderEngineTests {
  /// Another server's engine on the same store, with a rich account placing through it.
  private func otherServer(_ username: String) async throws -> (OrderEngine, LedgerAccount) {
    let engine = OrderEngine(
      store: store, market: market, calendar: EngineFixture.calendar, clock: clock)
    let account = try await LedgerAccount.fresh(
      store: store, market: market, engine: engine, clock: clock, username: username,
      cash: 20_000_000)
    return (engine, account)
  }

  private func marketBuy(_ qty: Quantity) -> OrderRequest {
    OrderRequest(symbol: "KO", side: .buy, type: .market, qty: qty, timeInForce: .day)
  }

  @Test("Orders placed through two servers in one minute share its cap")
  func placementsThroughTwoServersShareTheCap() async throws {
    let (_, first) = try await otherServer("bea")
    let (_, second) = try await otherServer("cy")
    let placedFirst = try await first.placeOrder(marketBuy(200_000))
    let filledFirst = placedFirst.filledQty
    #expect(filledFirst.isPositive && filledFirst < 200_000)  // the cap, all of it

    // The second server's engine knows nothing of the first fill; the store does.
    let placedSecond = try await second.placeOrder(marketBuy(200_000))
    #expect(placedSecond.filledQty == .zero)
    #expect(placedSecond.status == .new)  // rests for the minute's end
    let minute = MarketMinute.start(of: clock.now)
    #expect(
      try await store.minuteVolumeTaken(from: minute, to: minute.addingTimeInterval(60))
        == [MinuteVolumeTaken(symbol: "KO", minute: minute, side: .buy, shares: filledFirst.exact)])
  }

  @Test("A placement the store refuses for the minute's volume is matched again on what is left")
  func placementMatchedAgainOnWhatIsLeft() async throws {
    // What a huge buy alone would fill now: the whole cap of the minute's rest.
    let lone = OrderEngine(
      store: store, market: market, calendar: EngineFixture.calendar, clock: clock)
    let price = try market.quote(for: "KO", at: clock.now).price
    let cap = filled(await lone.matchPlacing(hugeBuy(), at: price))
    #expect(cap > 10)

    let (_, first) = try await otherServer("bea")
    let (_, second) = try await otherServer("cy")
    #expect(try await first.placeOrder(marketBuy(10)).filledQty == 10)
    // The second server's engine first claims the whole cap; refused, it learns the 10
    // taken and fills the rest.
    let placed = try await second.placeOrder(marketBuy(200_000))
    #expect(placed.filledQty == cap - 10)
    #expect(placed.status == .partiallyFilled)
  }

  @Test("The engine's end-of-minute match leaves what another server's placement took")
  func engineLeavesWhatAnotherServerTook() async throws {
    let minute = EngineFixture.midSession.addingTimeInterval(60)
    // Resting since before the minute (placed with no match), matched at its end by this
    // server's engine.
    let (_, resting) = try await otherServer("bea")
    let restingID = UUID()
    let order = Order(
      id: restingID, clientOrderID: restingID.uuidString, request: marketBuy(200_000),
      submittedAt: minute.addingTimeInterval(-30))
    _ = try await store.placeOrder(
      order, holdPrice: Price("70.00")!, accountID: resting.accountID)

    // A market buy placed through another server 20 s into the minute takes its share.
    clock.set(minute.addingTimeInterval(20))
    let (_, other) = try await otherServer("cy")
    let placed = try await other.placeOrder(marketBuy(200_000))
    let takenByOther = placed.filledQty.exact
    #expect(takenByOther > .zero)

    clock.set(minute.addingTimeInterval(61))
    try await engine.matchDueMinutes()
    let bar = try #require(
      try market.bars(
        for: "KO", resolution: .minute, from: minute, to: minute.addingTimeInterval(60),
        asOf: clock.now
      ).first)
    let cap =
      ExactDecimal(units: bar.volume, fractionDigits: 0) * MinuteMatcher.defaultParticipation
    let filled = try await store.order(id: restingID, accountID: resting.accountID).order.filledQty
    #expect(
      filled.exact == (cap - takenByOther).rounded(toFractionDigits: 0, rounding: .towardZero))
    // Matched: the minute's claims are gone.
    #expect(
      try await store.minuteVolumeTaken(from: minute, to: minute.addingTimeInterval(60)).isEmpty)
  }
}
