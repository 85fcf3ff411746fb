import Foundation
import PropertyBased
import RavenCore
import RavenStore
import Synchronization
import Testing

/// The text of a hold price the outside probe got written: a 30-digit stop × 1.02, four
/// decimals, 34 digits in all, more than any reader of amounts takes back.
private let unreadablePrice = "125925925192592592519259259251925.9180"

/// Amounts of every size: up to 40 digits, up to 18 of them after the point (none
/// negative: the schema holds cash and prices at zero or more).
private let amounts = zip(
  Gen.int(in: 0...9).array(of: 1...40), Gen.int(in: 0...18)
).map { digits, fractionDigits -> ExactDecimal in
  var text = digits.map(String.init).joined()
  if fractionDigits > 0 {
    let padded = String(repeating: "0", count: max(fractionDigits + 1 - text.count, 0)) + text
    text = padded.dropLast(fractionDigits) + "." + padded.suffix(fractionDigits)
  }
  let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? 0
  return ExactDecimal(value, fractionDigits: fractionDigits)
}

extension StoreConformance {
  @Test(
    "An open order whose row cannot be read is reported, not thrown; rejecting it frees the account",
    arguments: StoreKind.available)
  func unreadableHoldPrice(kind: StoreKind) async throws {
    try await kind.withDatabase { database in
      let store = database.store
      let eve = try await store.makeUser("eve")
      let ada = try await store.makeUser("ada")
      try await store.buy(2, "F", at: .text("10.00"), for: eve)
      let bad = try await store.place(.sell, 1, "F", limit: .text("11.00"), for: eve)
      let good = try await store.place(.buy, 1, "KO", limit: .text("50.00"), for: ada)
      _ = try await database.sql(
        "UPDATE orders SET hold_price = '\(unreadablePrice)' WHERE id = '\(bad.order.id.uuidString)'"
      )

      let open = try await store.openOrders()
      #expect(open.orders.map(\.order.id) == [good.order.id])
      #expect(open.unreadable.map(\.id) == [bad.order.id])
      #expect(open.unreadable.first?.userID == eve.id)
      // Until it is rejected, the row's owner cannot trade; nobody else notices.
      #expect(
        await storeError { try await store.place(.sell, 1, "F", limit: .text("12.00"), for: eve) }
          == .corrupt("unreadable value in column hold_price: \(unreadablePrice)"))

      let rejected = try #require(
        try await store.rejectOrder(
          id: bad.order.id, accountID: try await store.firstAccount(of: eve.id),
          reason: "Rejected: unreadable", at: at(120)))
      #expect(rejected.order.status == .rejected)
      #expect(rejected.order.reason == "Rejected: unreadable")
      #expect(rejected.order.events.last == OrderEvent(status: .rejected, time: at(120)))
      #expect(rejected.version == bad.version + 1)
      #expect(
        try await store.order(id: bad.order.id, accountID: try await store.firstAccount(of: eve.id))
          == rejected)
      #expect(try await store.openOrders() == OpenOrders(orders: [good]))
      // Rejected once: a second call finds it no longer open.
      #expect(
        try await store.rejectOrder(
          id: bad.order.id, accountID: try await store.firstAccount(of: eve.id), reason: "again",
          at: at(180)) == nil)
      // Both shares are free again.
      try await store.place(.sell, 2, "F", limit: .text("12.00"), for: eve)
    }
  }

  @Test(
    "An open order whose body cannot be read is rejected without reading it",
    arguments: StoreKind.available)
  func unreadableBody(kind: StoreKind) async throws {
    try await kind.withDatabase { database in
      let store = database.store
      let eve = try await store.makeUser("eve")
      let bad = try await store.place(.buy, 1, "F", limit: .text("11.00"), for: eve)
      _ = try await database.sql(
        """
        UPDATE orders SET body = '{"id": "\(bad.order.id.uuidString)", "status": "new", "qty": "x"}'
        WHERE id = '\(bad.order.id.uuidString)'
        """)
      #expect(try await store.openOrders().unreadable.map(\.id) == [bad.order.id])
      #expect(
        try await store.rejectOrder(
          id: bad.order.id, accountID: try await store.firstAccount(of: eve.id), reason: "bad",
          at: at(60))
          == nil)
      #expect(try await store.openOrders() == OpenOrders(orders: []))
      let body = try #require(
        try await database.sql("SELECT body FROM orders WHERE id = '\(bad.order.id.uuidString)'")
          .first)
      #expect(body.contains(#""status":"rejected""#) && body.contains(#""reason":"bad""#))
      // What it held is free: the account's whole cash buys.
      try await store.place(
        .buy, 1, "F", limit: .text("10000.00"), hold: .text("10000.00"), for: eve)
    }
  }

  @Test(
    "Every amount written reads back exactly, or is refused as unstorable with nothing written",
    arguments: StoreKind.available)
  func amountsReadBack(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let seller = try await store.makeUser("seller", cash: 1_000)
      try await store.buy(1, "F", at: .text("1.00"), for: seller)
      let count = Atomic(0)
      await propertyCheck(count: 100, input: amounts) { amount in
        let name = "user\(count.next())"
        do {
          let user = try await store.makeUser(name, cash: Money(exact: amount))
          #expect(amount.fitsText)
          let cash = try await store.account(accountID: try await store.firstAccount(of: user.id))
            .cash
          #expect(cash.exact == amount && cash.description == amount.description)
        } catch let error as StoreError {
          #expect(error == .unstorable(column: "cash"))
          #expect(!amount.fitsText)
          #expect(try await store.credentials(username: name) == nil)
        }
        do {
          let placed = try await store.place(
            .sell, .text("0.01"), "F", hold: Price(exact: amount), for: seller)
          let read = try await store.order(
            id: placed.order.id, accountID: try await store.firstAccount(of: seller.id))
          #expect(read.holdPrice.exact == amount)
          #expect(read.holdPrice.description == amount.description)
          _ = try await store.changeOrders([
            OrderChange(
              orderID: placed.order.id, accountID: try await store.firstAccount(of: seller.id),
              version: nil,
              update: .end(.canceled, reason: nil), time: at(60))
          ])
        } catch let error as StoreError {
          #expect(error == .unstorable(column: "hold_price"))
          #expect(!amount.fitsText)
        }
      }
    }
  }
}

/// A counter the property's runs share (they may run concurrently).
private final class Atomic: Sendable {
  private let value: Mutex<Int>
  init(_ value: Int) { self.value = Mutex(value) }
  func next() -> Int {
    value.withLock {
      $0 += 1
      return $0
    }
  }
}
