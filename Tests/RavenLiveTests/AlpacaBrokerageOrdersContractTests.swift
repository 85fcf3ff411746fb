import Foundation
import RavenCore
import Testing

@testable import RavenBrokerage

/// Orders of every type through Alpaca's `/v2/orders`, against the local fake.
extension AlpacaBrokerageContractTests {
  @Test("a limit order goes with Alpaca's field names, amounts as exact text")
  func limitOrderBody() async throws {
    try await withBrokerage { brokerage in
      let order = try await brokerage.placeOrder(
        OrderRequest(
          symbol: "AAPL", side: .buy, type: .limit, qty: 3, limitPrice: Price("180.50")!,
          timeInForce: .gtc, clientOrderID: "bot-1"),
        Self.keys)
      #expect(order.status == .new)  // Alpaca's "accepted"
      #expect(order.clientOrderID == "bot-1")
    }
    let request = try #require(server.requests.first)
    #expect(request.method == "POST" && request.uri == "/v2/orders")
    #expect(
      request.body
        == #"{"client_order_id":"bot-1","limit_price":"180.5","qty":"3","side":"buy","symbol":"AAPL","time_in_force":"gtc","type":"limit"}"#
    )
  }

  @Test("a trailing stop in percent and a dollar amount go as Alpaca names them")
  func trailAndNotionalBodies() async throws {
    try await withBrokerage { brokerage in
      _ = try await brokerage.placeOrder(
        OrderRequest(
          symbol: "AAPL", side: .sell, type: .trailingStop, qty: 2,
          trailPercent: ExactDecimal("1.50")!, timeInForce: .day),
        Self.keys)
      _ = try await brokerage.placeOrder(
        OrderRequest(
          symbol: "AAPL", side: .buy, type: .market, notional: Money("250.00")!, timeInForce: .day),
        Self.keys)
    }
    #expect(
      server.requests.map(\.body) == [
        #"{"qty":"2","side":"sell","symbol":"AAPL","time_in_force":"day","trail_percent":"1.5","type":"trailing_stop"}"#,
        #"{"notional":"250","side":"buy","symbol":"AAPL","time_in_force":"day","type":"market"}"#,
      ])
  }

  @Test("an order reads in full: type, prices, trail, high-water mark, status and times")
  func fullOrder() async throws {
    try await withBrokerage { brokerage in
      let id = try #require(UUID(uuidString: FakeAlpacaTradingServer.trailingOrderID))
      let order = try await brokerage.order(id: id, Self.keys)
      #expect(order.id == id && order.clientOrderID == "bot-7")
      #expect(order.type == .trailingStop && order.side == .sell && order.timeInForce == .gtc)
      #expect(order.status == .partiallyFilled)
      #expect(order.qty == 10 && order.filledQty == 4)
      #expect(order.filledAvgPrice?.description == "185.1")
      #expect(order.stopPrice?.description == "183.15")
      #expect(order.trailPercent?.description == "1.5" && order.trailPrice == nil)
      #expect(order.hwm?.description == "185.94")
      #expect(order.replaces == UUID(uuidString: FakeAlpacaTradingServer.filledOrderID))
      #expect(order.submittedAt == Date(timeIntervalSince1970: 1_763_650_800.25))
      #expect(order.updatedAt == Date(timeIntervalSince1970: 1_763_651_130))
      #expect(order.events.map(\.status) == [.new, .partiallyFilled])
      // Alpaca gives the fills only as a total; none are made up.
      #expect(order.fills.isEmpty)
      let filled = try await brokerage.order(
        id: try #require(UUID(uuidString: FakeAlpacaTradingServer.filledOrderID)), Self.keys)
      #expect(filled.status == .filled && filled.type == .market)
      #expect(filled.events.map(\.status) == [.new, .filled])
      #expect(filled.events.last?.time == Date(timeIntervalSince1970: 1_763_650_001.000123))
      await #expect(throws: BrokerageError.notFound) {
        try await brokerage.order(id: UUID(), Self.keys)
      }
    }
  }

  @Test("the list asks for a status and a symbol, newest first, before a time")
  func listQuery() async throws {
    try await withBrokerage { brokerage in
      let orders = try await brokerage.orders(
        status: .open, symbol: "AAPL", limit: 20,
        until: Date(timeIntervalSince1970: 1_763_650_000.25), Self.keys)
      // The crypto order after them is not Raven's to read: left out, the rest kept.
      #expect(orders.map(\.status) == [.filled, .new])
    }
    #expect(
      server.requests.first?.uri
        == "/v2/orders?status=open&limit=20&direction=desc&symbols=AAPL&until=2025-11-20T14%3A46%3A40.250000Z"
    )
  }

  @Test("cancel: 204 is done, an ended order is orderEnded, a missing one notFound")
  func cancel() async throws {
    try await withBrokerage { brokerage in
      try await brokerage.cancelOrder(
        id: try #require(UUID(uuidString: FakeAlpacaTradingServer.trailingOrderID)), Self.keys)
      await #expect(throws: BrokerageError.orderEnded) {
        try await brokerage.cancelOrder(
          id: try #require(UUID(uuidString: FakeAlpacaTradingServer.filledOrderID)), Self.keys)
      }
      await #expect(throws: BrokerageError.notFound) {
        try await brokerage.cancelOrder(id: UUID(), Self.keys)
      }
    }
    #expect(server.requests.first?.method == "DELETE")
    #expect(server.requests.first?.uri == "/v2/orders/" + FakeAlpacaTradingServer.trailingOrderID)
  }

  @Test("replace sends Alpaca's PATCH body and answers the new order")
  func replace() async throws {
    try await withBrokerage { brokerage in
      let id = try #require(UUID(uuidString: FakeAlpacaTradingServer.trailingOrderID))
      let new = try await brokerage.replaceOrder(
        id: id,
        with: OrderRequest(
          symbol: "AAPL", side: .sell, type: .trailingStop, qty: 6,
          trailPercent: ExactDecimal("2")!, timeInForce: .gtc, clientOrderID: "replaced-1"),
        Self.keys)
      #expect(new.replaces == id && new.status == .new)  // Alpaca's "pending_new"
      #expect(new.limitPrice?.description == "180.5")
    }
    let request = try #require(server.requests.first)
    #expect(request.method == "PATCH")
    #expect(
      request.body
        == #"{"client_order_id":"replaced-1","qty":"6","time_in_force":"gtc","trail":"2"}"#
    )
  }

  @Test("a client order id already used is its own refusal")
  func duplicateClientOrderID() async throws {
    try await withBrokerage { brokerage in
      await #expect(throws: BrokerageError.duplicateClientOrderID) {
        try await brokerage.placeOrder(
          OrderRequest(
            symbol: "AAPL", side: .buy, type: .market, qty: 1, timeInForce: .day,
            clientOrderID: "taken"),
          Self.keys)
      }
    }
  }

  @Test("an order under Alpaca's $1 minimum is its own refusal")
  func amountTooSmall() async throws {
    try await withBrokerage { brokerage in
      await #expect(throws: BrokerageError.amountTooSmall) {
        try await brokerage.placeOrder(
          OrderRequest(
            symbol: "AAPL", side: .buy, type: .market, qty: Quantity("0.001")!,
            timeInForce: .day),
          Self.keys)
      }
    }
  }

  @Test(
    "Alpaca's statuses in Raven's words",
    arguments: [
      ("accepted", "0", OrderStatus.new), ("pending_new", "0", .new),
      ("done_for_day", "2", .partiallyFilled), ("held", "0", .held),
      ("calculated", "5", .filled), ("pending_cancel", "1", .pendingCancel),
      ("replaced", "0", .replaced), ("expired", "0", .expired),
    ])
  func statuses(text: String, filled: String, expected: OrderStatus) {
    #expect(AlpacaTradingDecoding.orderStatus(text, filledQty: Quantity(filled)!) == expected)
  }
}
