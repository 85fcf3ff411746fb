import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import RavenTestSupport
import Testing

@testable import RavenServer

@Suite("Quote stream over WebSocket")
struct StreamTests {
  // The simulated market is deterministic: half an hour later AAPL (seed 42) trades at
  // another price, so the second quote must come. The time limit turns a lost message
  // into a failure instead of a hang.
  @Test(
    "Subscribing sends the current quote at once, then changes as the market moves",
    .timeLimit(.minutes(1)))
  func subscribeAndReceive() async throws {
    let clock = ManualWallClock(TestServer.midSession)
    let app = try await TestServer.make(clock: clock)
    try await app.test(.live) { client in
      let messages = try await client.receive(
        count: 3,
        sending: [#"{"type":"subscribe","symbols":["AAPL","NOPE"]}"#],
        whileWaiting: { clock.advance(by: 1_800) })
      let decoded = try messages.map {
        try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
      }
      let errors = decoded.filter { $0["type"] as? String == "error" }
      let quotes = decoded.filter { $0["type"] as? String == "quote" }
      #expect(errors.count == 1 && errors[0]["code"] as? String == "unknown_symbol")
      #expect(quotes.count == 2)
      #expect(quotes.allSatisfy { $0["symbol"] as? String == "AAPL" && $0["price"] is String })
      for quote in quotes {
        #expect(
          Set(quote.keys) == [
            "type", "symbol", "price", "change", "changePercent", "time", "bid", "ask",
          ])
      }
      #expect(
        quotes[0]["price"] as? String != quotes[1]["price"] as? String
          || quotes[0]["time"] as? String != quotes[1]["time"] as? String)
    }
  }

  @Test("A malformed message gets an error and the connection stays open", .timeLimit(.minutes(1)))
  func malformed() async throws {
    let app = try await TestServer.make()
    try await app.test(.live) { client in
      let messages = try await client.receive(
        count: 2, sending: ["hello", #"{"type":"subscribe","symbols":["KO"]}"#], whileWaiting: {})
      #expect(messages[0].contains(#""code":"invalid_message""#))
      #expect(messages[1].contains(#""symbol":"KO""#))
    }
  }
}

extension TestClientProtocol {
  /// Connects to the stream, sends `outgoing`, and collects `count` text messages,
  /// calling `whileWaiting` after each one (to move the market's clock).
  func receive(count: Int, sending outgoing: [String], whileWaiting: @escaping @Sendable () -> Void)
    async throws -> [String]
  {
    let received = Received()
    try await ws("/api/v1/stream") { inbound, outbound, _ in
      for text in outgoing { try await outbound.write(.text(text)) }
      for try await message in inbound.messages(maxSize: 1 << 16) {
        guard case .text(let text) = message else { continue }
        if await received.append(text) >= count { break }
        whileWaiting()
      }
    }
    return await received.messages
  }
}

private actor Received {
  var messages: [String] = []

  func append(_ text: String) -> Int {
    messages.append(text)
    return messages.count
  }
}
