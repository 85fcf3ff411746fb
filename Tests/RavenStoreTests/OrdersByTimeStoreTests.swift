import Foundation
import RavenCore
import RavenStore
import Testing

extension StoreConformance {
  @Test(
    "Orders listed by submission time come once each, in time order, whatever order they were stored in",
    arguments: StoreKind.available)
  func ordersByTime(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser()
      let account = try await store.firstAccount(of: alice.id)
      // Stored out of time order, as concurrent requests commit; two share a time.
      let seconds: [Double] = [50, 10, 40, 20, 30, 20, 60, 5]
      var placed: [StoredOrder] = []
      for second in seconds {
        placed.append(
          try await store.place(.buy, 1, "AAPL", limit: .text("1.00"), for: alice, at: at(second)))
      }
      // Ties keep the order they were stored in.
      let byTime = placed.sorted {
        ($0.order.submittedAt, $0.sequence) < ($1.order.submittedAt, $1.sequence)
      }.map(\.order.id)

      // Paged two at a time, each page past the last order read, in both directions.
      for ascending in [true, false] {
        var window = OrderTimeWindow(ascending: ascending)
        var read: [UUID] = []
        while true {
          let page = try await store.orders(
            accountID: account, status: .all, symbol: nil, submitted: window, limit: 2)
          read += page.map(\.order.id)
          guard page.count == 2, let last = page.last else { break }
          window.cursor = OrderTimeCursor(last)
        }
        #expect(read == (ascending ? byTime : byTime.reversed()))
      }

      // After and until are exclusive bounds on the submission time.
      let inside = try await store.orders(
        accountID: account, status: .all, symbol: nil,
        submitted: OrderTimeWindow(after: at(10), until: at(50), ascending: true), limit: 50)
      #expect(inside.map { $0.order.submittedAt } == [at(20), at(20), at(30), at(40)])
      let none = try await store.orders(
        accountID: account, status: .closed, symbol: "AAPL", submitted: OrderTimeWindow(),
        limit: 50)
      #expect(none.isEmpty)
      let other = try await store.orders(
        accountID: account, status: .open, symbol: "MSFT", submitted: OrderTimeWindow(),
        limit: 50)
      #expect(other.isEmpty)
    }
  }
}
