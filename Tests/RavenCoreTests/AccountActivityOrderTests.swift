import Foundation
import Testing

@testable import RavenCore

/// Activities newest first (issue 34): fills in the order they were made, bookings by time.
@Suite("Account activities in order")
struct AccountActivityOrderTests {
  static let second = Date(timeIntervalSince1970: 1_795_190_400)

  static func fill(_ id: String, at time: Date = second) -> AccountActivity {
    AccountActivity(
      id: id, kind: .fill, symbol: "AAPL", time: time, side: .buy, shares: 1,
      price: Price(cents: 100), amount: Money(exact: ExactDecimal(units: -100, fractionDigits: 2)),
      status: "filled")
  }

  @Test(
    "Fills in the order they were made (trade 10 after 9, whatever their stamps); bookings by time")
  func fillsByNumber() {
    // An order's fill is stamped with its minute's start, so trade 7 may read later.
    let fills =
      ["9", "10", "8", "100"].map { Self.fill($0) }
      + [Self.fill("7", at: Self.second.addingTimeInterval(1))]
    #expect(fills.newestFirst().map(\.id) == ["100", "10", "9", "8", "7"])
    let split = AccountActivity(
      id: "AAPL-SPLIT-2026-11-23", kind: .split, symbol: "AAPL",
      time: Self.second.addingTimeInterval(-86_400), shares: 8, sharesBefore: 2, amount: .zero,
      status: "booked")
    let later = Self.fill("101", at: Self.second.addingTimeInterval(60))
    #expect(
      (fills + [split, later]).newestFirst().map(\.id)
        == ["101", "100", "10", "9", "8", "7", "AAPL-SPLIT-2026-11-23"])
  }

  @Test("A cursor reads back as written")
  func cursorText() throws {
    let cursor = ActivityCursor(Self.fill("12"))
    #expect(ActivityCursor(cursor.description) == cursor)
    #expect(ActivityCursor("nonsense") == nil && ActivityCursor("12:") == nil)
  }
}
