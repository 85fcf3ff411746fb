import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import RavenCore
import Testing

@testable import RavenServer

/// `/stream`: Alpaca's trading stream of order updates, signed in with an API key.
@Suite("Alpaca-compatible trading stream")
struct AlpacaTradingStreamTests {
  @Test(
    "authenticate, listen, then new and canceled for an order placed through /v2",
    .timeLimit(.minutes(1)))
  func tradeUpdates() async throws {
    let app = try await TestServer.make()
    try await app.test(.live) { client in
      let key = try await client.createKey(try await client.signUp())
      let seen = OrderMessages()
      try await client.ws("/stream") { inbound, outbound, _ in
        try await outbound.write(
          .text(
            #"{"action":"authenticate","data":{"key_id":"\#(key.keyID)","secret_key":"\#(key.secret)"}}"#
          ))
        for try await message in inbound.messages(maxSize: 1 << 20) {
          guard case .text(let text) = message else { continue }
          if text.contains(#""status":"authorized""#) {
            try await outbound.write(
              .text(#"{"action":"listen","data":{"streams":["trade_updates"]}}"#))
          } else if text.contains(#""stream":"listening""#) {
            let placed = try await client.json(
              .post, "/v2/orders",
              body:
                #"{"symbol":"AAPL","qty":1,"side":"buy","type":"limit","limit_price":1,"time_in_force":"gtc"}"#,
              headers: key.headers)
            let id = try #require(try placed.object()["id"] as? String)
            await seen.place(id)
            _ = try await client.json(.delete, "/v2/orders/\(id)", headers: key.headers)
          } else if text.contains("trade_updates"), await seen.append(text) == 2 {
            break
          }
        }
      }
      let placed = await seen.placed
      let events = try await seen.texts.map { text in
        let message = try #require(
          try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let data = try #require(message["data"] as? [String: Any])
        #expect((data["order"] as? [String: Any])?["id"] as? String == placed)
        #expect(data["timestamp"] is String)
        return data["event"] as? String
      }
      #expect(events == ["new", "canceled"])
    }
  }

  @Test(
    "a fill says how many shares the account holds after it (position_qty)",
    .timeLimit(.minutes(1)))
  func fillsCarryThePosition() async throws {
    let app = try await TestServer.make()
    try await app.test(.live) { client in
      let key = try await client.createKey(try await client.signUp())
      let seen = OrderMessages()
      try await client.ws("/stream") { inbound, outbound, _ in
        try await outbound.write(
          .text(
            #"{"action":"authenticate","data":{"key_id":"\#(key.keyID)","secret_key":"\#(key.secret)"}}"#
          ))
        for try await message in inbound.messages(maxSize: 1 << 20) {
          guard case .text(let text) = message else { continue }
          if text.contains(#""status":"authorized""#) {
            try await outbound.write(
              .text(#"{"action":"listen","data":{"streams":["trade_updates"]}}"#))
          } else if text.contains(#""stream":"listening""#) {
            for (side, qty) in [("buy", 3), ("sell", 1), ("sell", 2)] {
              let placed = try await client.json(
                .post, "/v2/orders",
                body:
                  #"{"symbol":"KO","qty":\#(qty),"side":"\#(side)","type":"market","time_in_force":"day"}"#,
                headers: key.headers)
              #expect(placed.status == .ok)
            }
          } else if text.contains(#""event":"fill""#), await seen.append(text) == 3 {
            break
          }
        }
      }
      let positions = try await seen.texts.map { text in
        let message = try #require(
          try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        return (message["data"] as? [String: Any])?["position_qty"] as? String
      }
      #expect(positions == ["3", "2", "0"])
    }
  }

  @Test("an order already filled when first heard of is announced new, then fill")
  func newBeforeFill() throws {
    let now = Date(timeIntervalSince1970: 1_795_190_400)
    var order = Order(
      id: UUID(), clientOrderID: "bot",
      request: OrderRequest(symbol: "AAPL", side: .buy, type: .market, qty: 2, timeInForce: .day),
      submittedAt: now)
    order.fills = [OrderFill(time: now, qty: 2, price: Price(cents: 19_000))]
    order.filledQty = 2
    order.filledAvgPrice = Price(cents: 19_000)
    order.status = .filled
    order.events.append(OrderEvent(status: .filled, time: now))
    var announced = Set<UUID>()
    let first = AlpacaTradingStream.updates(for: order, announced: &announced, since: now)
    #expect(first.map(\.event) == ["new", "fill"])
    #expect(first[0].order.filledQty == .zero && first[0].order.fills.isEmpty)
    // Heard of again, or placed before the stream listened: the change alone.
    #expect(
      AlpacaTradingStream.updates(for: order, announced: &announced, since: now).map(\.event)
        == ["fill"])
    var fresh = Set<UUID>()
    #expect(
      AlpacaTradingStream.updates(for: order, announced: &fresh, since: now.addingTimeInterval(1))
        .map(\.event) == ["fill"])
  }

  @Test("a bracket's held exit says nothing until it is armed; then it is new")
  func heldExitIsQuiet() {
    let now = Date(timeIntervalSince1970: 1_795_190_400)
    var exit = Order(
      id: UUID(), clientOrderID: "exit",
      request: OrderRequest(
        symbol: "AAPL", side: .sell, type: .limit, qty: 2, limitPrice: Price(cents: 30_000),
        timeInForce: .gtc),
      status: .held, submittedAt: now)
    var announced = Set<UUID>()
    #expect(AlpacaTradingStream.updates(for: exit, announced: &announced, since: now).isEmpty)
    exit.activate(qty: 2, at: now)
    #expect(
      AlpacaTradingStream.updates(for: exit, announced: &announced, since: now).map(\.event)
        == ["new"])
  }

  @Test("a wrong key is unauthorized and the stream ends")
  func wrongKey() async throws {
    let app = try await TestServer.make()
    try await app.test(.live) { client in
      let replies = OrderMessages()
      try await client.ws("/stream") { inbound, outbound, _ in
        try await outbound.write(
          .text(
            #"{"action":"authenticate","data":{"key_id":"PKNOTAKEY00000000000","secret_key":"x"}}"#)
        )
        for try await message in inbound.messages(maxSize: 1 << 20) {
          if case .text(let text) = message { _ = await replies.append(text) }
        }
      }
      let texts = await replies.texts
      #expect(texts.count == 1 && texts[0].contains(#""status":"unauthorized""#))
    }
  }
}
