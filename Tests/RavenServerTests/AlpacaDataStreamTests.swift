import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import NIOCore
import RavenTestSupport
import Testing

@testable import RavenServer

/// `/v2/iex` and its kin: Alpaca's market data stream in MessagePack.
@Suite("Alpaca-compatible market data stream")
struct AlpacaDataStreamTests {
  @Test(
    "connected, auth, subscribe; then trades, quotes, and a minute's bar once it ends",
    .timeLimit(.minutes(1)))
  func stream() async throws {
    let clock = ManualWallClock(TestServer.midSession)
    let app = try await TestServer.make(clock: clock)
    try await app.test(.live) { client in
      let key = try await client.createKey(try await client.signUp())
      let seen = Frames()
      try await client.ws("/v2/test") { inbound, outbound, _ in
        for try await message in inbound.messages(maxSize: 1 << 20) {
          guard case .binary(let buffer) = message,
            case .array(let items) = try MessagePackDecoder.decode(Array(buffer.readableBytesView))
          else { continue }
          for item in items {
            let kind = item["T"]?.stringValue ?? ""
            await seen.add(kind, item)
            switch (kind, item["msg"]?.stringValue) {
            case ("success", "connected"):
              try await outbound.write(
                .binary(
                  ByteBuffer(
                    bytes: MessagePackEncoder.encode(
                      .object([
                        "action": .string("auth"), "key": .string(key.keyID),
                        "secret": .string(key.secret),
                      ])))))
            case ("success", "authenticated"):
              try await outbound.write(
                .binary(
                  ByteBuffer(
                    bytes: MessagePackEncoder.encode(
                      .object([
                        "action": .string("subscribe"), "trades": .array([.string("AAPL")]),
                        "quotes": .array([.string("AAPL")]), "bars": .array([.string("AAPL")]),
                        "updatedBars": .array([.string("AAPL")]),
                        "statuses": .array([.string("AAPL")]), "lulds": .array([.string("MSFT")]),
                      ])))))
            default: break
            }
            // Once trades and quotes flow, the market moves into the next minute.
            if kind == "q", await seen.count("q") == 1 { clock.advance(by: 60) }
          }
          if await seen.count("b") >= 1 { break }
        }
      }
      let ack = try #require(await seen.first("subscription"))
      #expect(ack["trades"] == .array([.string("AAPL")]))
      // Every channel asked for is acknowledged; corrections come with trades, as at Alpaca.
      #expect(ack["updatedBars"] == .array([.string("AAPL")]))
      #expect(ack["statuses"] == .array([.string("AAPL")]))
      #expect(ack["lulds"] == .array([.string("MSFT")]))
      #expect(ack["corrections"] == .array([.string("AAPL")]))
      let trade = try #require(await seen.first("t"))
      #expect(trade["S"] == .string("AAPL"))
      guard case .timestamp = trade["t"] else {
        Issue.record("a trade's time is a MessagePack Timestamp")
        return
      }
      let quote = try #require(await seen.first("q"))
      guard case .double(let bid)? = quote["bp"], case .double(let ask)? = quote["ap"] else {
        Issue.record("bid and ask are floats")
        return
      }
      #expect(bid < ask)
      let bar = try #require(await seen.first("b"))
      #expect(
        bar["t"]
          == .timestamp(seconds: Int64(TestServer.midSession.timeIntervalSince1970), nanoseconds: 0)
      )
    }
  }

  @Test(
    "crypto, news and options streams answer 'insufficient subscription' and close, not 400",
    .timeLimit(.minutes(1)), arguments: ["/v1beta3/crypto/us", "/v1beta1/news", "/v1beta1/opra"])
  func unservedStreams(_ path: String) async throws {
    let app = try await TestServer.make()
    try await app.test(.live) { client in
      let key = try await client.createKey(try await client.signUp())
      for (secret, expected) in [(key.secret, 409), ("wrong", 402)] {
        let seen = Frames()
        try await client.ws(path) { inbound, outbound, _ in
          for try await message in inbound.messages(maxSize: 1 << 20) {
            guard case .binary(let buffer) = message,
              case .array(let items) = try MessagePackDecoder.decode(
                Array(buffer.readableBytesView))
            else { continue }
            for item in items {
              await seen.add(item["T"]?.stringValue ?? "", item)
              if item["msg"]?.stringValue == "connected" {
                try await outbound.write(
                  .binary(
                    ByteBuffer(
                      bytes: MessagePackEncoder.encode(
                        .object([
                          "action": .string("auth"), "key": .string(key.keyID),
                          "secret": .string(secret),
                        ])))))
              }
            }
          }
        }
        // The server closed the connection after its answer: the loop above ended.
        let error = try #require(await seen.first("error"))
        #expect(error["code"] == .uint(UInt64(expected)), "\(path)")
        #expect(
          error["msg"]?.stringValue
            == (expected == 409 ? "insufficient subscription" : "auth failed"))
      }
    }
  }

  @Test(
    "a 40 KiB subscribe in one frame (1,000 symbols on four channels) is accepted and answered",
    .timeLimit(.minutes(1)))
  func largeSubscription() async throws {
    let app = try await TestServer.make()
    try await app.test(.live) { client in
      let key = try await client.createKey(try await client.signUp())
      let symbols = MessagePackValue.array(
        (0..<AlpacaDataStream.maximumSymbols).map { .string("SYM\(1_000_000 + $0)") })
      let subscribe = MessagePackEncoder.encode(
        .object([
          "action": .string("subscribe"), "trades": symbols, "quotes": symbols, "bars": symbols,
          "dailyBars": symbols,
        ]))
      #expect(subscribe.count > 40 * 1024 && subscribe.count <= 64 * 1024)
      let seen = Frames()
      // The client reads the answer's one large frame too.
      let configuration = WebSocketClientConfiguration(maxFrameSize: 1 << 20)
      try await client.ws("/v2/iex", configuration: configuration) { inbound, outbound, _ in
        for try await message in inbound.messages(maxSize: 1 << 20) {
          guard case .binary(let buffer) = message,
            case .array(let items) = try MessagePackDecoder.decode(Array(buffer.readableBytesView))
          else { continue }
          for item in items {
            await seen.add(item["T"]?.stringValue ?? "", item)
            switch item["msg"]?.stringValue {
            case "connected":
              try await outbound.write(
                .binary(
                  ByteBuffer(
                    bytes: MessagePackEncoder.encode(
                      .object([
                        "action": .string("auth"), "key": .string(key.keyID),
                        "secret": .string(key.secret),
                      ])))))
            case "authenticated":
              try await outbound.write(.binary(ByteBuffer(bytes: subscribe)))
            default: break
            }
          }
          if await seen.count("subscription") == 1 { break }
        }
      }
      let ack = try #require(await seen.first("subscription"))
      for channel in ["trades", "quotes", "bars", "dailyBars"] {
        guard case .array(let listed)? = ack[channel] else {
          Issue.record("no \(channel) in the answer")
          continue
        }
        #expect(listed.count == AlpacaDataStream.maximumSymbols)
      }
    }
  }

  @Test("a wrong key is refused with Alpaca's error and the stream ends")
  func wrongKey() async throws {
    let app = try await TestServer.make()
    try await app.test(.live) { client in
      let seen = Frames()
      try await client.ws("/v2/iex") { inbound, outbound, _ in
        for try await message in inbound.messages(maxSize: 1 << 20) {
          guard case .binary(let buffer) = message,
            case .array(let items) = try MessagePackDecoder.decode(Array(buffer.readableBytesView))
          else { continue }
          for item in items { await seen.add(item["T"]?.stringValue ?? "", item) }
          if await seen.count("success") == 1, await seen.count("error") == 0 {
            try await outbound.write(
              .binary(
                ByteBuffer(
                  bytes: MessagePackEncoder.encode(
                    .object([
                      "action": .string("auth"), "key": .string("PKNOTAKEY00000000000"),
                      "secret": .string("x"),
                    ])))))
          }
        }
      }
      let error = try #require(await seen.first("error"))
      #expect(error["code"]?.integerValue == 402 && error["msg"] == .string("auth failed"))
    }
  }
}

/// The stream's messages seen so far, by kind.
actor Frames {
  var items: [(String, MessagePackValue)] = []

  func add(_ kind: String, _ item: MessagePackValue) { items.append((kind, item)) }
  func count(_ kind: String) -> Int { items.filter { $0.0 == kind }.count }
  func first(_ kind: String) -> MessagePackValue? { items.first { $0.0 == kind }?.1 }
}
