import Foundation
import GRDB
import RavenCore
import RavenStore
import RavenStoreSQLite
import Testing

/// A database an earlier release made (`Fixtures/make-orders-before-store-split.py`, run
/// with the release before the API's `Order` and the stored body became two types): one
/// user's trades and orders of every kind, and what `GET /api/v1/orders` answered then.
@Suite("A database made by an earlier release") struct EarlierReleaseDatabaseTests {
  private static let name = "orders-before-store-split"

  @Test("Opens, migrates, and reads every order back as that release showed it")
  func readsEveryOrder() async throws {
    try await withFixture { store, user in
      let orders = try await store.orders(
        accountID: try await store.firstAccount(of: user.id), status: .all, symbol: nil,
        before: nil, limit: 500)
      let shown = try Self.answer()
      #expect(orders.count == shown.count)
      #expect(orders.count == 11)
      for (order, expected) in zip(orders, shown) {
        #expect(try Self.apiJSON(order.order) == expected, "order \(order.order.id)")
      }
    }
  }

  @Test("Every stored body writes back in the same form, key for key")
  func bodiesRoundTrip() async throws {
    let path = try Self.copyOfFixture()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let bodies = try await DatabaseQueue(path: path).read { db in
      try String.fetchAll(db, sql: "SELECT body FROM orders ORDER BY seq")
    }
    #expect(bodies.count == 11)
    for body in bodies {
      let rewritten = try StoredJSON.encode(try StoredJSON.decode(body))
      #expect(try Self.object(rewritten) == Self.object(body))
    }
  }

  @Test("An order that release left resting can still be canceled, releasing its hold")
  func cancelsARestingOrder() async throws {
    try await withFixture { store, user in
      let resting = try await store.order(
        clientOrderID: "resting-limit", accountID: try await store.firstAccount(of: user.id))
      #expect(resting.order.status == .new)
      #expect(resting.heldCash == Money(exact: ExactDecimal("1.50")!))
      let changed = try await store.changeOrders([
        OrderChange(
          orderID: resting.order.id, accountID: try await store.firstAccount(of: user.id),
          version: nil,
          update: .end(.canceled, reason: nil), time: Date(timeIntervalSince1970: 1_795_190_000))
      ])
      #expect(changed.first?.order.status == .canceled)
      let reread = try await store.order(
        id: resting.order.id, accountID: try await store.firstAccount(of: user.id))
      #expect(reread.order.status == .canceled)
      #expect(reread.heldCash == .zero)
    }
  }

  private func withFixture(_ body: (SQLiteStore, User) async throws -> Void) async throws {
    let path = try Self.copyOfFixture()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let store = try SQLiteStore(path: path)
    try await store.migrate()
    let credentials = try #require(try await store.credentials(username: "olduser"))
    try await body(store, credentials.user)
  }

  private static func copyOfFixture() throws -> String {
    let source = try #require(
      Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: "sqlite"))
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("raven-\(UUID().uuidString).sqlite").path
    try FileManager.default.copyItem(atPath: source.path, toPath: path)
    return path
  }

  /// The orders `GET /api/v1/orders?status=all` answered, newest first.
  private static func answer() throws -> [NSDictionary] {
    let url = try #require(
      Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: "json"))
    let page = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    return try #require(page["orders"] as? [NSDictionary])
  }

  /// `order` as the API encodes it (`Order`'s own Codable, ISO 8601 times).
  private static func apiJSON(_ order: Order) throws -> NSDictionary {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    return try #require(
      try JSONSerialization.jsonObject(with: encoder.encode(order)) as? NSDictionary)
  }

  private static func object(_ text: String) throws -> NSDictionary {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary)
  }
}
