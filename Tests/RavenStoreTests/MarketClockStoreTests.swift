import Foundation
import RavenCore
import RavenStore
import Testing

extension StoreConformance {
  @Test(
    "The market's clock is stored, replaced, and moves the matching record back only",
    arguments: StoreKind.available)
  func marketClock(kind: StoreKind) async throws {
    try await kind.withStore { store in
      #expect(try await store.marketClock() == nil)
      #expect(try await store.latestFill() == nil)
      let first = MarketClockSetting(start: at(0), market: at(0), wall: at(5), speed: 60)
      try await store.saveMarketClock(first, rewindMatchingTo: nil)
      #expect(try await store.marketClock() == first)

      _ = try await store.changeOrders([], matchedThrough: at(600))
      // A later start leaves the matching record where it is ...
      let later = MarketClockSetting(start: at(900), market: at(900), wall: at(10), speed: 1.5)
      try await store.saveMarketClock(later, rewindMatchingTo: later.market)
      #expect(try await store.marketClock() == later)
      #expect(try await store.ordersMatchedThrough() == at(600))
      // ... an earlier one moves it back so the minutes from there are matched again.
      let earlier = MarketClockSetting(start: at(120), market: at(120), wall: at(20), speed: 1)
      try await store.saveMarketClock(earlier, rewindMatchingTo: earlier.market)
      #expect(try await store.ordersMatchedThrough() == at(120))

      // A claim stores nothing over a clock already there, and answers with that one.
      let claimed = MarketClockSetting(start: at(0), market: at(0), wall: at(30), speed: 60)
      let claim = try await store.claimMarketClock(claimed, rewindMatchingTo: claimed.market)
      #expect(claim.setting == earlier && !claim.claimed)
      #expect(try await store.marketClock() == earlier)

      let alice = try await store.makeUser()
      try await store.buy(2, "AAPL", at: .text("187.95"), for: alice, time: at(30))
      try await store.buy(1, "MSFT", at: .text("400.00"), for: alice, time: at(90))
      #expect(try await store.latestFill() == at(90))
    }
  }

  @Test(
    "Servers starting together claim the first clock: one is stored, every one runs on it",
    arguments: StoreKind.available)
  func claimedClock(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let settings = (0..<8).map { server in
        MarketClockSetting(start: at(0), market: at(0), wall: at(Double(server)), speed: 60)
      }
      let claims = try await withThrowingTaskGroup(
        of: (setting: MarketClockSetting, claimed: Bool).self
      ) { group in
        for setting in settings {
          group.addTask { try await store.claimMarketClock(setting, rewindMatchingTo: nil) }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      let stored = try #require(try await store.marketClock())
      #expect(settings.contains(stored))
      #expect(claims.map(\.setting) == Array(repeating: stored, count: settings.count))
      #expect(claims.filter(\.claimed).count == 1)
    }
  }
}
