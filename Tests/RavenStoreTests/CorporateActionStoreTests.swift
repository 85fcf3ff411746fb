import Foundation
import RavenCore
import RavenStore
import Testing

extension StoreConformance {
  static func action(_ kind: CorporateAction.Kind, ex: String, payable: String? = nil)
    -> CorporateAction
  {
    let exDate = MarketDate(ex)!
    return CorporateAction(
      symbol: "AAPL", kind: kind, declarationDate: exDate.adding(days: -20), exDate: exDate,
      recordDate: exDate, payableDate: MarketDate(payable ?? ex)!)
  }

  @Test(
    "A split multiplies a position, its goal and its open orders once; the cost stays",
    arguments: StoreKind.available)
  func splitBooked(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser(cash: 10_000)
      let bob = try await store.makeUser("bob", cash: 10_000)
      let account = try await store.firstAccount(of: alice.id)
      try await store.buy(10, "AAPL", at: .text("100.00"), for: alice)
      try await store.buy(3, "MSFT", at: .text("100.00"), for: alice)
      let buy = try await store.place(.buy, 5, "AAPL", limit: .text("90.01"), for: alice)
      let sale = try await store.place(.sell, 3, "AAPL", limit: .text("120.00"), for: alice)
      let other = try await store.place(.buy, 1, "AAPL", limit: .text("50.00"), for: bob)
      _ = try await store.saveGoal(
        Goal(
          title: "Car", description: "", target: .text("5000.00"),
          allocations: [.shares("AAPL", 4), .shares("MSFT", 1)]),
        id: nil, accountID: account, at: start)
      let split = Self.action(.split(SplitRatio(new: 4, old: 1)!), ex: "2026-11-23")

      let bookings = try await store.bookCorporateAction(split, at: at(100))
      #expect(bookings.map(\.accountID) == [account])
      #expect(bookings.first?.sharesBefore == 10 && bookings.first?.sharesAfter == 40)
      // Asked again (a restart, another server): nothing more.
      #expect(try await store.bookCorporateAction(split, at: at(200)).isEmpty)

      let books = try await store.account(accountID: account)
      let aapl = try #require(books.positions.first { $0.symbol == "AAPL" })
      #expect(aapl.shares == 40 && aapl.totalCost == .text("1000.00"))
      #expect(books.positions.first { $0.symbol == "MSFT" }?.shares == 3)
      #expect(books.cash == .text("8700.00"))
      let goal = try #require(try await store.goals(accountID: account).first)
      #expect(goal.goal.allocations == [.shares("AAPL", 16), .shares("MSFT", 1)])

      let buyAfter = try await store.order(id: buy.order.id, accountID: account)
      #expect(buyAfter.order.qty == 20 && buyAfter.order.limitPrice == .text("22.50"))
      #expect(buyAfter.holdPrice == .text("22.50"))
      #expect(buyAfter.version == buy.version + 1)
      let saleAfter = try await store.order(id: sale.order.id, accountID: account)
      #expect(saleAfter.order.qty == 12 && saleAfter.order.limitPrice == .text("30.00"))
      let otherAfter = try await store.order(id: other.order.id, accountID: other.accountID)
      #expect(otherAfter.order.qty == 4 && otherAfter.order.limitPrice == .text("12.50"))
      #expect(try await store.corporateActionBookings(accountID: account) == bookings)
      #expect(try await store.symbolsInUse() == ["AAPL", "MSFT"])
    }
  }

  @Test(
    "A dividend is owed on the shares held at the ex-date and paid once on its payable date",
    arguments: StoreKind.available)
  func dividendPaid(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser(cash: 10_000)
      let account = try await store.firstAccount(of: alice.id)
      try await store.buy(Quantity("10.5")!, "AAPL", at: .text("100.00"), for: alice)
      let limit = try await store.place(.buy, 1, "AAPL", limit: .text("95.00"), for: alice)
      let dividend = Self.action(
        .cashDividend(rate: .text("0.33"), special: false), ex: "2026-11-23",
        payable: "2026-12-10")

      let bookings = try await store.bookCorporateAction(dividend, at: at(100))
      // 10.5 × 0.33 = 3.465, rounded down to the cent.
      #expect(bookings.map(\.amount) == [.text("3.46")])
      #expect(bookings.first?.paidAt == nil)
      #expect(try await store.account(accountID: account).cash == .text("8950.00"))
      // A buy limit is lowered by the dividend.
      let lowered = try await store.order(id: limit.order.id, accountID: account)
      #expect(lowered.order.limitPrice == .text("94.67"))

      #expect(
        try await store.payDividends(payableThrough: MarketDate("2026-12-09")!, at: at(200))
          .isEmpty)
      let paid = try await store.payDividends(
        payableThrough: MarketDate("2026-12-10")!, at: at(300))
      #expect(paid.map(\.amount) == [.text("3.46")] && paid.first?.paidAt == at(300))
      #expect(
        try await store.payDividends(payableThrough: MarketDate("2026-12-31")!, at: at(400))
          .isEmpty)
      #expect(try await store.account(accountID: account).cash == .text("8953.46"))
      #expect(try await store.corporateActionBookings(accountID: account).first?.paidAt == at(300))
    }
  }

  @Test(
    "A reverse split keeps the fraction and ends open orders with reverse_split",
    arguments: StoreKind.available)
  func reverseSplitBooked(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser(cash: 10_000)
      let account = try await store.firstAccount(of: alice.id)
      try await store.buy(25, "AAPL", at: .text("2.00"), for: alice)
      let buy = try await store.place(.buy, 10, "AAPL", limit: .text("1.50"), for: alice)
      let reverse = Self.action(.split(SplitRatio(new: 1, old: 10)!), ex: "2026-11-23")
      _ = try await store.bookCorporateAction(reverse, at: at(100))
      let books = try await store.account(accountID: account)
      #expect(books.positions.first?.shares == Quantity("2.5")!)
      #expect(books.positions.first?.totalCost == .text("50.00"))
      // Nothing is held any more for the canceled buy.
      #expect(books.holds.allSatisfy { $0.orderID != buy.order.id })
      let ended = try await store.order(id: buy.order.id, accountID: account)
      #expect(ended.order.status == .canceled)
      #expect(ended.order.reason == Order.reverseSplitReason)
    }
  }
}
