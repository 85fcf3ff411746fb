import Foundation
import RavenCore
import RavenStore
import Testing

/// The participation cap shared through the store (issue 38): what placements filled from
/// a minute is recorded with them, never past the ceiling their match allowed.
extension StoreConformance {
  /// A market buy of `qty` KO filled whole at $10.00 as it is placed, claiming its shares
  /// of the minute at `minute` with `ceiling`.
  @discardableResult
  private func placeFilled(
    _ qty: Quantity, ceiling: String, minute: Date, for user: User, in store: any Store
  ) async throws(StoreError) -> StoredOrder {
    let id = UUID()
    let order = Order(
      id: id, clientOrderID: id.uuidString,
      request: OrderRequest(symbol: "KO", side: .buy, type: .market, qty: qty, timeInForce: .day),
      submittedAt: minute.addingTimeInterval(20))
    let accountID = try await store.firstAccount(of: user.id)
    return try await store.placeOrder(
      order, holdPrice: .text("10.00"), accountID: accountID, replacing: nil,
      matched: [.wholeFill(of: order, qty: qty, accountID: accountID, at: .text("10.00"))],
      pricing: nil, legs: [],
      claim: MinuteVolumeClaim(
        symbol: "KO", minute: minute, side: .buy, shares: qty.exact,
        ceiling: ExactDecimal(ceiling)!))
  }

  @Test(
    "Minute volume: placements' claims add up to their ceiling and no further; a refused one writes nothing",
    arguments: StoreKind.available)
  func minuteVolumeClaims(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser()
      let bob = try await store.makeUser("bob")
      let minute = at(600)
      try await placeFilled(30, ceiling: "50", minute: minute, for: alice, in: store)
      try await placeFilled(20, ceiling: "50.5", minute: minute, for: bob, in: store)

      // 50 taken: 1 more passes a ceiling of 50.5 by half a share.
      let refused = await storeError {
        try await placeFilled(1, ceiling: "50.5", minute: minute, for: bob, in: store)
      }
      #expect(refused == .minuteVolumeTaken(50))
      let bobs = try await store.firstAccount(of: bob.id)
      #expect(try await store.account(accountID: bobs).cash == 9_800)
      #expect(
        try await store.orders(
          accountID: bobs, status: .all, symbol: nil, before: nil, limit: 10
        ).count == 1)

      // Another minute, the other side, another symbol are apart.
      try await placeFilled(40, ceiling: "40", minute: at(660), for: bob, in: store)
      let taken = try await store.minuteVolumeTaken(from: minute, to: at(720))
      #expect(
        Set(taken) == [
          MinuteVolumeTaken(symbol: "KO", minute: minute, side: .buy, shares: 50),
          MinuteVolumeTaken(symbol: "KO", minute: at(660), side: .buy, shares: 40),
        ])
      #expect(try await store.minuteVolumeTaken(from: at(660), to: at(720)).count == 1)

      // Once matched, a minute's claims go.
      try await store.forgetMinuteVolume(before: at(660))
      #expect(
        try await store.minuteVolumeTaken(from: minute, to: at(720))
          == [MinuteVolumeTaken(symbol: "KO", minute: at(660), side: .buy, shares: 40)])
    }
  }

  @Test(
    "Minute volume: claims placed at once through many connections never pass the ceiling",
    arguments: StoreKind.available)
  func minuteVolumeClaimsAtOnce(kind: StoreKind) async throws {
    try await kind.withStore { store in
      var users: [User] = []
      for number in 0..<8 { users.append(try await store.makeUser("user\(number)")) }
      let minute = at(600)
      // Eight claims of 10 shares on a ceiling of 35: three fit, whatever the order.
      let placed = await withTaskGroup(of: Bool.self) { group in
        for user in users {
          group.addTask {
            (try? await placeFilled(10, ceiling: "35", minute: minute, for: user, in: store))
              != nil
          }
        }
        return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
      }
      #expect(placed == 3)
      #expect(
        try await store.minuteVolumeTaken(from: minute, to: at(660))
          == [MinuteVolumeTaken(symbol: "KO", minute: minute, side: .buy, shares: 30)])
    }
  }
}
