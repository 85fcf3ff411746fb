import Foundation
import RavenCore
import RavenStore
import Testing

extension Store {
  /// Places a limit order (or market, without a limit) for `user`.
  @discardableResult
  func place(
    _ side: TradeSide, _ qty: Quantity, _ symbol: Symbol, limit: Price? = nil,
    hold: Price = .text("100.00"), clientOrderID: String? = nil, for user: User,
    at time: Date = start, replacing: UUID? = nil
  ) async throws(StoreError) -> StoredOrder {
    let id = UUID()
    let order = Order(
      id: id, clientOrderID: clientOrderID ?? id.uuidString,
      request: OrderRequest(
        symbol: symbol, side: side, type: limit == nil ? .market : .limit, qty: qty,
        limitPrice: limit, timeInForce: .gtc),
      submittedAt: time)
    return try await placeOrder(
      order, holdPrice: limit ?? hold, accountID: try await firstAccount(of: user.id),
      replacing: replacing)
  }

  /// The engine's change: `qty` filled at `price` in the minute at `time`.
  func fill(
    _ stored: StoredOrder, _ qty: Quantity, at price: Price, time: Date = at(60),
    version: Int64? = nil
  ) async throws(StoreError) -> [StoredOrder] {
    try await changeOrders([
      OrderChange(
        orderID: stored.order.id, accountID: stored.accountID,
        version: version ?? stored.version,
        update: .minute(
          MinuteOutcome(
            orderID: stored.order.id, fill: OrderFill(time: time, qty: qty, price: price))),
        time: time)
    ])
  }
}

extension StoreConformance {
  @Test(
    "An order is placed, read back exactly, listed, and found by no one else",
    arguments: StoreKind.available)
  func placeAndRead(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser()
      let bob = try await store.makeUser("bob")
      let placed = try await store.place(.buy, 3, "AAPL", limit: .text("350.00"), for: alice)
      #expect(
        try await store.order(
          id: placed.order.id, accountID: try await store.firstAccount(of: alice.id)) == placed)
      #expect(
        await storeError {
          try await store.order(
            id: placed.order.id, accountID: try await store.firstAccount(of: bob.id))
        } == .notFound
      )
      let open = try await store.orders(
        accountID: try await store.firstAccount(of: alice.id), status: .open, symbol: nil,
        before: nil, limit: 10)
      #expect(open == [placed])
      #expect(
        try await store.orders(
          accountID: try await store.firstAccount(of: alice.id), status: .closed, symbol: nil,
          before: nil, limit: 10) == [])
      #expect(
        try await store.orders(
          accountID: try await store.firstAccount(of: alice.id), status: .all, symbol: "MSFT",
          before: nil, limit: 10) == [])
      #expect(try await store.openOrders().orders.map(\.order.id) == [placed.order.id])
    }
  }

  @Test(
    "Open orders hold cash and shares; a client order ID is used once",
    arguments: StoreKind.available)
  func holds(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser(cash: 1_000)
      try await store.place(
        .buy, 6, "AAPL", limit: .text("100.00"), clientOrderID: "bot-1", for: alice)
      // 600 of 1,000 is held: 5 more at 100 do not fit, 4 do.
      #expect(
        await storeError {
          try await store.place(.buy, 5, "KO", limit: .text("100.00"), for: alice)
        } == .order(.insufficientFunds))
      try await store.place(.buy, 4, "KO", limit: .text("100.00"), for: alice)
      #expect(
        await storeError {
          try await store.place(
            .buy, 1, "KO", limit: .text("0.01"), clientOrderID: "bot-1", for: alice)
        } == .order(.duplicateClientOrderID))

      let bob = try await store.makeUser("bob")
      try await store.buy(5, "MSFT", at: .text("10.00"), for: bob)
      try await store.place(.sell, 3, "MSFT", limit: .text("20.00"), for: bob)
      #expect(
        await storeError {
          try await store.place(.sell, 3, "MSFT", limit: .text("20.00"), for: bob)
        } == .order(.insufficientShares))
      try await store.place(.sell, 2, "MSFT", limit: .text("20.00"), for: bob)
    }
  }

  @Test(
    "A fill moves cash, position, order and history together, exactly once",
    arguments: StoreKind.available)
  func fillOnce(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser(cash: 1_000)
      let placed = try await store.place(.buy, 6, "AAPL", limit: .text("100.00"), for: alice)
      let first = try await store.fill(placed, 4, at: .text("99.50"))
      #expect(first.first?.order.status == .partiallyFilled)
      // The same change again (a retry, a restart, a second server) changes nothing.
      #expect(try await store.fill(placed, 4, at: .text("99.50")) == [])
      var account = try await store.account(accountID: try await store.firstAccount(of: alice.id))
      #expect(account.cash == Money("602.00"))
      #expect(account.positions.map(\.shares) == [4])

      let rest = try await store.fill(first[0], 2, at: .text("100.00"), time: at(120))
      let order = try #require(rest.first?.order)
      #expect(order.status == .filled)
      #expect(order.filledQty == 6)
      #expect(order.filledAvgPrice == Price("99.6667"))
      #expect(order.fills.map(\.qty) == [4, 2])
      #expect(order.events.map(\.status) == [.new, .partiallyFilled, .filled])
      account = try await store.account(accountID: try await store.firstAccount(of: alice.id))
      #expect(account.cash == Money("402.00"))
      let history = try await store.tradeHistory(
        accountID: try await store.firstAccount(of: alice.id))
      #expect(history.map(\.trade.shares) == [4, 2])
      #expect(history.map(\.trade.time) == [at(60), at(120)])
      #expect(try await store.openOrders().orders == [])
    }
  }

  @Test(
    "Canceling: an open order once, never a closed one, never another user's",
    arguments: StoreKind.available)
  func cancel(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser(cash: 1_000)
      let bob = try await store.makeUser("bob")
      let placed = try await store.place(.buy, 6, "AAPL", limit: .text("100.00"), for: alice)
      func cancel(_ user: User) async throws(StoreError) -> [StoredOrder] {
        try await store.changeOrders([
          OrderChange(
            orderID: placed.order.id, accountID: try await store.firstAccount(of: user.id),
            version: nil,
            update: .end(.canceled, reason: nil), time: at(30))
        ])
      }
      #expect(await storeError { try await cancel(bob) } == .notFound)
      let canceled = try await cancel(alice)
      #expect(canceled.first?.order.status == .canceled)
      #expect(canceled.first?.order.canceledAt == at(30))
      #expect(await storeError { try await cancel(alice) } == .order(.orderNotCancelable))
      // The cash it held is free again.
      try await store.place(.buy, 10, "KO", limit: .text("100.00"), for: alice)
    }
  }

  @Test("The engine's matched minute is kept and never moves back", arguments: StoreKind.available)
  func matchedThrough(kind: StoreKind) async throws {
    try await kind.withStore { store in
      #expect(try await store.ordersMatchedThrough() == nil)
      _ = try await store.changeOrders([], matchedThrough: at(120))
      #expect(try await store.ordersMatchedThrough() == at(120))
      _ = try await store.changeOrders([], matchedThrough: at(60))
      #expect(try await store.ordersMatchedThrough() == at(120))
      _ = try await store.changeOrders([], matchedThrough: at(180))
      #expect(try await store.ordersMatchedThrough() == at(180))
    }
  }

  @Test("A simple trade is recorded as a filled market order", arguments: StoreKind.available)
  func simpleTrade(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser()
      try await store.buy(2, "AAPL", at: .text("187.95"), for: alice)
      let orders = try await store.orders(
        accountID: try await store.firstAccount(of: alice.id), status: .closed, symbol: nil,
        before: nil, limit: 10)
      let order = try #require(orders.first?.order)
      #expect(order.type == .market)
      #expect(order.status == .filled)
      #expect(order.filledQty == 2)
      #expect(order.filledAvgPrice?.description == "187.95")
      #expect(
        order.fills == [OrderFill(time: start, qty: 2, price: .text("187.95"), positionQty: 2)])
    }
  }

  @Test(
    "The migration turns trades made before orders into filled market orders",
    arguments: StoreKind.available)
  func migration(kind: StoreKind) async throws {
    try await kind.withDatabase(migrated: false) { database in
      let store = database.store
      // The schema before orders, with a user's two trades as that release wrote them.
      try await store.migrate(through: 4)
      let alice = try await EarlierSchema(kind: kind, sql: database.sql).user(
        "alice", cash: "9716.00",
        trades: [
          ("buy", "2", "187.95", "375.90", "0", "9624.10", at(10)),
          ("sell", "0.5", "190.00", "95.00", "1.0125", "9719.10", at(20)),
        ])
      try await store.migrate()
      let orders = try await store.orders(
        accountID: try await store.firstAccount(of: alice.id), status: .all, symbol: nil,
        before: nil, limit: 10)
      #expect(orders.map(\.order.side) == [.sell, .buy])
      let sale = try #require(orders.first?.order)
      #expect(sale.status == .filled)
      #expect(sale.qty == Quantity("0.5"))
      #expect(sale.filledAvgPrice == Price("190.00"))
      #expect(
        sale.fills == [OrderFill(time: at(20), qty: Quantity("0.5")!, price: .text("190.00"))])
      #expect(sale.events.map(\.status) == [.new, .filled])
      #expect(sale.submittedAt == at(20))
      #expect(
        try await store.tradeHistory(accountID: try await store.firstAccount(of: alice.id)).count
          == 2)
    }
  }

  @Test(
    "A replacement takes the old order's place in one step, its hold freed",
    arguments: StoreKind.available)
  func replace(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser(cash: 1_000)
      let bob = try await store.makeUser("bob")
      let old = try await store.place(.buy, 8, "AAPL", limit: .text("100.00"), for: alice)
      // $800 held; the $1,000 account can replace it by one holding $990.
      let new = try await store.place(
        .buy, 9, "AAPL", limit: .text("110.00"), for: alice, at: at(30), replacing: old.order.id)
      let ended = try await store.order(
        id: old.order.id, accountID: try await store.firstAccount(of: alice.id)
      ).order
      #expect(ended.status == .replaced)
      #expect(ended.replacedBy == new.order.id)
      #expect(ended.canceledAt == at(30))
      #expect(try await store.openOrders().orders.map(\.order.id) == [new.order.id])

      await #expect(throws: StoreError.order(.orderNotReplaceable)) {
        try await store.place(
          .buy, 1, "AAPL", limit: .text("1.00"), for: alice, replacing: old.order.id)
      }
      await #expect(throws: StoreError.notFound) {
        try await store.place(
          .buy, 1, "AAPL", limit: .text("1.00"), for: bob, replacing: new.order.id)
      }
      // Beyond the buying power: refused, and the order it was to replace stays open.
      await #expect(throws: StoreError.order(.insufficientFunds)) {
        try await store.place(
          .buy, 11, "AAPL", limit: .text("100.00"), for: alice, replacing: new.order.id)
      }
      #expect(
        try await store.order(
          id: new.order.id, accountID: try await store.firstAccount(of: alice.id)
        ).order.status == .new)
    }
  }
}

extension StoreConformance {
  @Test(
    "A simple trade cannot spend the cash open buys hold, nor sell the shares open sales hold",
    arguments: StoreKind.available)
  func simpleTradeRespectsHolds(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser(cash: 10_000)
      try await store.buy(10, "AAPL", at: .text("100.00"), for: alice)
      // $9,000 cash left; a limit buy holds $8,000 of it, a sale holds 6 of the 10 shares.
      try await store.place(.buy, 80, "MSFT", limit: .text("100.00"), for: alice)
      try await store.place(.sell, 6, "AAPL", limit: .text("150.00"), for: alice)
      await #expect(throws: StoreError.order(.insufficientFunds)) {
        try await store.buy(11, "KO", at: .text("100.00"), for: alice)
      }
      await #expect(throws: StoreError.order(.insufficientShares)) {
        try await store.sell(5, "AAPL", at: .text("100.00"), for: alice)
      }
      // What they leave free can be traded.
      try await store.buy(10, "KO", at: .text("100.00"), for: alice)
      try await store.sell(4, "AAPL", at: .text("100.00"), for: alice)
      let account = try await store.account(accountID: try await store.firstAccount(of: alice.id))
      #expect(account.cash == .text("8400.00"))
    }
  }
}

extension StoreConformance {
  @Test(
    "An order is found by its client order ID, its owner's only", arguments: StoreKind.available)
  func orderByClientOrderID(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser()
      let bob = try await store.makeUser("bob")
      let placed = try await store.place(
        .buy, 1, "AAPL", limit: .text("100.00"), clientOrderID: "bot-42", for: alice)
      #expect(
        try await store.order(
          clientOrderID: "bot-42", accountID: try await store.firstAccount(of: alice.id)) == placed)
      await #expect(throws: StoreError.notFound) {
        try await store.order(
          clientOrderID: "bot-42", accountID: try await store.firstAccount(of: bob.id))
      }
      await #expect(throws: StoreError.notFound) {
        try await store.order(
          clientOrderID: "bot-43", accountID: try await store.firstAccount(of: alice.id))
      }
    }
  }
}

extension StoreConformance {
  @Test(
    "Partly filled, fractional and notional orders hold what is left of them",
    arguments: StoreKind.available)
  func holdsOfWhatIsLeft(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser(cash: 10_000)
      // A buy of 10 at 100 fills 4: cash 9,600, its 6 left hold 600.
      let buy = try await store.place(.buy, 10, "AAPL", limit: .text("100.00"), for: alice)
      _ = try await store.fill(buy, 4, at: .text("100.00"))
      // 5 MSFT bought (cash 9,550); a sale of 3.5 fills 1.5 at 20 (cash 9,580), 2 held.
      try await store.buy(5, "MSFT", at: .text("10.00"), for: alice)
      let sale = try await store.place(
        .sell, .text("3.5"), "MSFT", limit: .text("20.00"), for: alice)
      _ = try await store.fill(sale, .text("1.5"), at: .text("20.00"))
      // A notional buy of $500 holds $500.
      let id = UUID()
      _ = try await store.placeOrder(
        Order(
          id: id, clientOrderID: id.uuidString,
          request: OrderRequest(
            symbol: "KO", side: .buy, type: .market, notional: .text("500.00"),
            timeInForce: .day),
          submittedAt: start),
        holdPrice: .text("60.00"), accountID: try await store.firstAccount(of: alice.id),
        replacing: nil)

      // Free: 9,580 - 600 - 500 = 8,480 in cash, 3.5 - 2 = 1.5 MSFT.
      await #expect(throws: StoreError.order(.insufficientFunds)) {
        try await store.buy(1, "NVDA", at: .text("8480.01"), for: alice)
      }
      await #expect(throws: StoreError.order(.insufficientShares)) {
        try await store.sell(.text("1.6"), "MSFT", at: .text("20.00"), for: alice)
      }
      await #expect(throws: StoreError.order(.insufficientFunds)) {
        try await store.place(.buy, 1, "NVDA", limit: .text("8480.01"), for: alice)
      }
      try await store.buy(1, "NVDA", at: .text("8480.00"), for: alice)
      try await store.sell(.text("1.5"), "MSFT", at: .text("20.00"), for: alice)
      #expect(
        try await store.account(accountID: try await store.firstAccount(of: alice.id)).cash
          == .text("1130.00"))
    }
  }
}

extension StoreConformance {
  @Test(
    "An order's trades come back with the cash after each, for its owner only",
    arguments: StoreKind.available)
  func tradesOfAnOrder(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser(cash: .text("1000.00"))
      let bob = try await store.makeUser("bob")
      let placed = try await store.place(.buy, 5, "AAPL", limit: .text("100.00"), for: alice)
      #expect(
        try await store.trades(
          orderID: placed.order.id, accountID: try await store.firstAccount(of: alice.id)
        ).isEmpty)
      let first = try await store.fill(placed, 2, at: .text("99.50"))
      _ = try await store.fill(first[0], 3, at: .text("99.00"), time: at(120))
      try await store.buy(1, "MSFT", at: .text("10.00"), for: alice, time: at(180))

      let trades = try await store.trades(
        orderID: placed.order.id, accountID: try await store.firstAccount(of: alice.id))
      #expect(trades.map(\.record.trade.shares) == [2, 3])
      #expect(trades.map(\.cash) == [.text("801.00"), .text("504.00")])
      #expect(trades.allSatisfy { !$0.isReplay })
      #expect(
        try await store.tradeHistory(accountID: try await store.firstAccount(of: alice.id)).prefix(
          2
        ).map(\.id)
          == trades.map(\.record.id))
      #expect(
        try await store.trades(
          orderID: placed.order.id, accountID: try await store.firstAccount(of: bob.id)
        ).isEmpty)
    }
  }
}
