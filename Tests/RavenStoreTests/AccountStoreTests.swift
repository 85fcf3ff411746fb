import Foundation
import RavenCore
import RavenStore
import RavenTestSupport
import Testing

extension StoreConformance {
  @Test(
    "A user's accounts are made, named case-insensitively uniquely, and counted against a limit",
    arguments: StoreKind.available)
  func accountsCreated(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser("alice", cash: 25_000)
      let bob = try await store.makeUser("bob")
      let first = try #require(try await store.accounts(userID: alice.id).first)
      #expect(first.name == "Individual" && first.kind == .paper && first.startingCash == 25_000)

      let swing = try await store.createAccount(
        userID: alice.id, name: "Swing", startingCash: .text("1000.50"), limit: 3, at: at(60))
      #expect(swing.name == "Swing" && swing.startingCash == .text("1000.50"))
      #expect(swing.createdAt == at(60) && swing.isOpen && swing.id != first.id)
      #expect(try await store.account(accountID: swing.id).cash == .text("1000.50"))
      #expect(try await store.accounts(userID: alice.id) == [first, swing])
      #expect(try await store.accounts(userID: bob.id).count == 1)

      #expect(
        await storeError {
          try await store.createAccount(
            userID: alice.id, name: "SWING", startingCash: 1, limit: 3, at: at(61))
        } == .accountNameTaken)
      // Another user may use the name.
      _ = try await store.createAccount(
        userID: bob.id, name: "Swing", startingCash: 1, limit: 3, at: at(62))
      _ = try await store.createAccount(
        userID: alice.id, name: "Bot", startingCash: 0, limit: 3, at: at(63))
      #expect(
        await storeError {
          try await store.createAccount(
            userID: alice.id, name: "Fourth", startingCash: 1, limit: 3, at: at(64))
        } == .tooManyAccounts)
      #expect(
        await storeError {
          try await store.createAccount(
            userID: UserID(999), name: "Ghost", startingCash: 1, limit: 3, at: at(65))
        }?.isNotFound == true)
    }
  }

  @Test(
    "Renaming keeps names unique and touches only the user's own", arguments: StoreKind.available)
  func accountsRenamed(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser("alice")
      let bob = try await store.makeUser("bob")
      let first = try await store.firstAccount(of: alice.id)
      let swing = try await store.createAccount(
        userID: alice.id, name: "Swing", startingCash: 1, limit: 20, at: at(60))
      #expect(
        try await store.renameAccount(id: first, userID: alice.id, to: "Long term").name
          == "Long term")
      // Its own name in other letters is its own.
      #expect(
        try await store.renameAccount(id: swing.id, userID: alice.id, to: "SWING").name == "SWING")
      #expect(
        await storeError {
          try await store.renameAccount(id: swing.id, userID: alice.id, to: "long TERM")
        }
          == .accountNameTaken)
      #expect(
        await storeError {
          try await store.renameAccount(id: swing.id, userID: bob.id, to: "Mine")
        }?
        .isNotFound == true)
      #expect(try await store.accounts(userID: alice.id).map(\.name) == ["Long term", "SWING"])
    }
  }

  @Test(
    "An account's settings start as a cash account's, are kept exactly, and only by its owner",
    arguments: StoreKind.available)
  func accountSettings(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser("alice")
      let bob = try await store.makeUser("bob")
      let first = try await store.firstAccount(of: alice.id)
      let before = try #require(try await store.accounts(userID: alice.id).first)
      #expect(before.settings == AccountSettings())
      #expect(before.settings.noShorting && before.settings.maxMarginMultiplier == 1)
      var settings = AccountSettings()
      settings.tradingSuspended = true
      settings.fractionalTrading = false
      settings.patternDayTraderCheck = .both
      settings.maxOptionsTradingLevel = 2
      #expect(
        try await store.setAccountSettings(id: first, userID: alice.id, to: settings).settings
          == settings)
      #expect(try await store.accounts(userID: alice.id).first?.settings == settings)
      #expect(
        await storeError {
          try await store.setAccountSettings(id: first, userID: bob.id, to: AccountSettings())
        }?
        .isNotFound == true)
      #expect(try await store.accounts(userID: bob.id).first?.settings == AccountSettings())
    }
  }

  @Test(
    "Closing needs no open orders and another open account; it revokes the keys and stops trading",
    arguments: StoreKind.available)
  func accountsClosed(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser("alice", cash: 10_000)
      let first = try await store.firstAccount(of: alice.id)
      #expect(
        await storeError { try await store.closeAccount(id: first, userID: alice.id, at: at(1)) }
          == .lastAccount)
      let swing = try await store.createAccount(
        userID: alice.id, name: "Swing", startingCash: 1_000, limit: 20, at: at(60))
      let key = APIKey(
        id: UUID(), userID: alice.id, accountID: swing.id, name: "bot",
        keyID: "PKSWING0000000000001", readOnly: false, createdAt: at(60))
      try await store.createAPIKey(key, secretHash: "hash")
      let resting = try await store.place(
        .buy, 1, "AAPL", limit: .text("10.00"), in: swing.id, time: at(61))
      #expect(
        await storeError {
          try await store.closeAccount(id: swing.id, userID: alice.id, at: at(62))
        }
          == .openOrders)
      _ = try await store.changeOrders([
        OrderChange(
          orderID: resting.order.id, accountID: swing.id, version: nil,
          update: .end(.canceled, reason: nil), time: at(63))
      ])

      let (closed, revoked) = try await store.closeAccount(
        id: swing.id, userID: alice.id, at: at(64))
      #expect(closed.closedAt == at(64) && !closed.isOpen)
      #expect(revoked == [key.id])
      #expect(try await store.apiKeyOwner(keyID: key.keyID) == nil)
      // Read-only: its books stay, its orders are refused.
      #expect(try await store.account(accountID: swing.id).cash == 1_000)
      #expect(
        await storeError {
          try await store.place(.buy, 1, "AAPL", limit: .text("10.00"), in: swing.id, time: at(65))
        } == .accountClosed)
      #expect(
        await storeError {
          try await store.closeAccount(id: swing.id, userID: alice.id, at: at(66))
        }?
        .isNotFound == true)
      // A key for a closed account is refused; the name is free again.
      #expect(
        await storeError {
          try await store.createAPIKey(
            APIKey(
              id: UUID(), userID: alice.id, accountID: swing.id, name: "late",
              keyID: "PKSWING0000000000002", readOnly: false, createdAt: at(67)),
            secretHash: "hash")
        }?.isNotFound == true)
      _ = try await store.createAccount(
        userID: alice.id, name: "swing", startingCash: 1, limit: 20, at: at(68))
      #expect(try await store.accounts(userID: alice.id).count == 3)
    }
  }

  @Test("Two accounts of one user keep separate books", arguments: StoreKind.available)
  func accountsSeparate(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser("alice", cash: 10_000)
      let first = try await store.firstAccount(of: alice.id)
      let second = try await store.createAccount(
        userID: alice.id, name: "Second", startingCash: 2_000, limit: 20, at: at(1)
      ).id
      try await store.simpleTrade(
        .buy, 2, "AAPL", at: .text("100.00"), accountID: first, clientOrderID: "same",
        time: at(2))
      // The same client order id is another account's to use.
      try await store.simpleTrade(
        .buy, 3, "MSFT", at: .text("100.00"), accountID: second, clientOrderID: "same",
        time: at(3))
      let one = try await store.account(accountID: first)
      let two = try await store.account(accountID: second)
      #expect(one.cash == .text("9800.00") && one.positions.map(\.symbol) == ["AAPL"])
      #expect(two.cash == .text("1700.00") && two.positions.map(\.symbol) == ["MSFT"])
      #expect(try await store.tradeHistory(accountID: second).map(\.trade.symbol) == ["MSFT"])
      #expect(
        await storeError {
          try await store.simpleTrade(
            .sell, 1, "AAPL", at: .text("100.00"), accountID: second, time: at(4))
        } == .order(.insufficientShares))
      #expect(
        await storeError {
          try await store.order(clientOrderID: "same", accountID: AccountID(999))
        }?
        .isNotFound == true)
    }
  }
}

extension Store {
  /// A limit order resting in `account`.
  fileprivate func place(
    _ side: TradeSide, _ qty: Quantity, _ symbol: Symbol, limit: Price, in account: AccountID,
    time: Date
  ) async throws(StoreError) -> StoredOrder {
    let id = UUID()
    let order = Order(
      id: id, clientOrderID: id.uuidString,
      request: OrderRequest(
        symbol: symbol, side: side, type: .limit, qty: qty, limitPrice: limit,
        timeInForce: .gtc),
      submittedAt: time)
    return try await placeOrder(order, holdPrice: limit, accountID: account)
  }
}

extension StoreConformance {
  @Test(
    "A reset cancels open orders, clears the positions, and starts a period of its own",
    arguments: StoreKind.available)
  func accountReset(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser("alice", cash: 10_000)
      let bob = try await store.makeUser("bob")
      let first = try await store.firstAccount(of: alice.id)
      try await store.simpleTrade(
        .buy, 2, "AAPL", at: .text("100.00"), accountID: first, time: at(1))
      let resting = try await store.placeOrder(
        Order(
          id: UUID(), clientOrderID: "resting",
          request: OrderRequest(
            symbol: "MSFT", side: .buy, type: .limit, qty: 1, limitPrice: .text("5.00"),
            timeInForce: .gtc),
          submittedAt: at(2)), holdPrice: .text("5.00"), accountID: first)
      #expect(
        await storeError {
          try await store.resetAccount(
            id: first, userID: bob.id, startingCash: 1, reason: "reset", at: at(3))
        }?.isNotFound == true)

      let (account, canceled) = try await store.resetAccount(
        id: first, userID: alice.id, startingCash: .text("500.00"), reason: "reset", at: at(10))
      #expect(account.period == 2 && account.periodStartedAt == at(10))
      #expect(account.startingCash == .text("500.00"))
      #expect(canceled.map(\.order.id) == [resting.order.id])
      #expect(canceled.first?.order.status == .canceled && canceled.first?.order.reason == "reset")
      let books = try await store.account(accountID: first)
      #expect(books.cash == .text("500.00") && books.startingCash == .text("500.00"))
      #expect(books.positions.isEmpty && books.holds.isEmpty && books.realizedProfit == .zero)
      #expect(books.periodStartedAt == at(10))
      // The old period stays readable; the new one's history starts empty.
      #expect(try await store.trades(accountID: first, before: nil, limit: 10).count == 1)
      #expect(try await store.tradeHistory(accountID: first).isEmpty)
      try await store.simpleTrade(
        .buy, 1, "AAPL", at: .text("100.00"), accountID: first, time: at(11))
      #expect(try await store.tradeHistory(accountID: first).map(\.trade.time) == [at(11)])
      #expect(try await store.account(accountID: first).cash == .text("400.00"))
    }
  }
}
