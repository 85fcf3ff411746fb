import Foundation
import RavenCore
import RavenStore
import Testing

extension StoreConformance {
  @Test(
    "Buying and selling move cash and shares; a sold-out position is removed",
    arguments: StoreKind.available)
  func buyAndSell(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser(cash: 10_000)

      let bought = try await store.buy(10, "AAPL", at: .text("187.95"), for: alice)
      #expect(!bought.isReplay)
      #expect(bought.cash == .text("8120.50"))
      #expect(bought.record.trade.amount == .text("1879.50"))
      #expect(bought.record.trade.side == .buy && bought.record.trade.time == start)
      var account = try await store.account(accountID: try await store.firstAccount(of: alice.id))
      #expect(account.cash == .text("8120.50"))
      #expect(
        account.positions == [Position(symbol: "AAPL", shares: 10, totalCost: .text("1879.50"))])

      // Average cost: selling 4 of 10 removes 4/10 of the cost, 751.80.
      let sold = try await store.sell(4, "AAPL", at: .text("200.00"), for: alice, time: at(60))
      #expect(sold.cash == .text("8920.50"))
      #expect(sold.record.trade.realizedProfit == .text("48.20"))
      account = try await store.account(accountID: try await store.firstAccount(of: alice.id))
      #expect(
        account.positions == [Position(symbol: "AAPL", shares: 6, totalCost: .text("1127.70"))])
      #expect(account.realizedProfit == .text("48.20"))

      try await store.sell(6, "AAPL", at: .text("190.00"), for: alice, time: at(120))
      account = try await store.account(accountID: try await store.firstAccount(of: alice.id))
      #expect(account.positions.isEmpty)
      #expect(account.cash == .text("10060.50"))
      #expect(account.realizedProfit == .text("60.50"))
      #expect(account.startingCash == 10_000)
      #expect(
        try await store.tradeHistory(accountID: try await store.firstAccount(of: alice.id)).map(
          \.trade.side) == [.buy, .sell, .sell])
    }
  }

  @Test(
    "A trade the account cannot cover is refused and changes nothing",
    arguments: StoreKind.available)
  func tradeErrors(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser(cash: 1_000)
      try await store.buy(2, "MSFT", at: .text("100.00"), for: alice)
      let before = try await store.account(accountID: try await store.firstAccount(of: alice.id))

      let refusals: [(OrderError, TradeSide, Quantity, Symbol, Price)] = [
        (.insufficientFunds, .buy, 9, "MSFT", .text("100.00")),
        (.insufficientShares, .sell, 1, "AAPL", .text("1.00")),
        (.insufficientShares, .sell, 3, "MSFT", .text("1.00")),
      ]
      for (expected, side, shares, symbol, price) in refusals {
        let error = await storeError {
          side == .buy
            ? try await store.buy(shares, symbol, at: price, for: alice)
            : try await store.sell(shares, symbol, at: price, for: alice)
        }
        #expect(error?.orderError == expected, "\(side) \(shares) \(symbol) at \(price)")
      }
      #expect(
        try await store.account(accountID: try await store.firstAccount(of: alice.id)) == before)
      #expect(
        try await store.tradeHistory(accountID: try await store.firstAccount(of: alice.id)).count
          == 1)
    }
  }

  @Test("Amounts come back exactly as they were written", arguments: StoreKind.available)
  func exactDecimals(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser(cash: .text("1000.00"))
      let tiny = try await store.buy(.text("0.000001"), "AAPL", at: .text("187.9500"), for: alice)
      // 0.00018795 rounds up to a whole cent.
      #expect(tiny.record.trade.amount.description == "0.01")
      try await store.buy(
        .text("2.500000"), "PENNY", at: .text("0.4512"), for: alice,
        time: Date(timeIntervalSince1970: 1_763_650_000.25))

      let history = try await store.tradeHistory(
        accountID: try await store.firstAccount(of: alice.id))
      #expect(history.first == tiny.record)
      #expect(history.map(\.trade.price.description) == ["187.9500", "0.4512"])
      #expect(history.map(\.trade.shares.description) == ["0.000001", "2.500000"])
      #expect(history.map(\.trade.amount.description) == ["0.01", "1.13"])
      #expect(history.last?.trade.time == Date(timeIntervalSince1970: 1_763_650_000.25))

      let account = try await store.account(accountID: try await store.firstAccount(of: alice.id))
      #expect(account.cash.description == "998.86")
      #expect(account.positions.map(\.shares.description) == ["0.000001", "2.500000"])
      #expect(account.positions.map(\.totalCost.description) == ["0.01", "1.13"])

      let rich = try await store.makeUser("rich", cash: .text("123456789012345.67"))
      #expect(
        try await store.account(accountID: try await store.firstAccount(of: rich.id)).cash
          .description == "123456789012345.67")
    }
  }

  @Test(
    "Trades page newest first before an id; the history is oldest first",
    arguments: StoreKind.available)
  func pagination(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser()
      let bob = try await store.makeUser("bob")
      var ids: [TradeID] = []
      for minute in 0..<5 {
        ids.append(
          try await store.buy(
            1, "AAPL", at: .text("10.00"), for: alice, time: at(Double(minute) * 60)
          ).record.id)
        try await store.buy(1, "MSFT", at: .text("10.00"), for: bob)
      }

      let first = try await store.trades(
        accountID: try await store.firstAccount(of: alice.id), before: nil, limit: 2)
      #expect(first.map(\.id) == [ids[4], ids[3]])
      let second = try await store.trades(
        accountID: try await store.firstAccount(of: alice.id), before: ids[3], limit: 2)
      #expect(second.map(\.id) == [ids[2], ids[1]])
      #expect(
        try await store.trades(
          accountID: try await store.firstAccount(of: alice.id), before: ids[1], limit: 2
        ).map(\.id) == [ids[0]])
      #expect(
        try await store.trades(
          accountID: try await store.firstAccount(of: alice.id), before: ids[0], limit: 2
        ).isEmpty)
      #expect(
        try await store.trades(
          accountID: try await store.firstAccount(of: alice.id), before: nil, limit: 0
        ).isEmpty)

      let history = try await store.tradeHistory(
        accountID: try await store.firstAccount(of: alice.id))
      #expect(history.map(\.id) == ids)
      #expect(history.map(\.trade.time) == (0..<5).map { at(Double($0) * 60) })
      #expect(
        try await store.trades(
          accountID: try await store.firstAccount(of: alice.id), before: nil, limit: 10)
          == history.reversed())
      #expect(
        try await store.tradeHistory(accountID: try await store.firstAccount(of: bob.id)).allSatisfy
        { $0.trade.symbol == "MSFT" })
    }
  }

  @Test("Trading for a user that does not exist is notFound", arguments: StoreKind.available)
  func tradeForMissingUser(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let ghost = User(id: UserID(404), username: "ghost", createdAt: start)
      #expect(
        await storeError { try await store.buy(1, "AAPL", at: .text("1.00"), for: ghost) }?
          .isNotFound == true)
      #expect(try await store.accounts(userID: ghost.id).isEmpty)
      let history = try await store.tradeHistory(accountID: AccountID(404))
      #expect(history.isEmpty)
    }
  }
}
