import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWebSocket
import MetricsTestKit
import RavenCore
import RavenTestSupport
import Synchronization
import Testing

@testable import RavenGateway
@testable import RavenLive
@testable import RavenMarketData

/// A local stand-in for Finnhub's trades WebSocket: it records the token and every
/// message it receives, and answers each subscription with a trade of that symbol
/// (and a ping first, as Finnhub sends them).
final class FakeFinnhubStream: Sendable {
  private let received = Mutex<[String]>([])
  private let tokens = Mutex<[String]>([])

  var messages: [String] { received.withLock { $0 } }
  var tokensSeen: [String] { tokens.withLock { $0 } }

  @Sendable private func recordToken(_ request: Request, _ context: BasicWebSocketRequestContext)
    -> RouterShouldUpgrade
  {
    let token = request.uri.queryParameters["token"].map(String.init) ?? ""
    tokens.withLock { $0.append(token) }
    return .upgrade([:])
  }

  @Sendable private func answer(
    _ inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter,
    _ context: WebSocketRouterContext<BasicWebSocketRequestContext>
  ) async throws {
    try await outbound.write(.text(#"{"type":"ping"}"#))
    for try await message in inbound.messages(maxSize: 1 << 16) {
      guard case .text(let text) = message else { continue }
      received.withLock { $0.append(text) }
      guard text.contains(#""type":"subscribe""#),
        let symbol = text.split(separator: "\"").dropLast().last
      else { continue }
      try await outbound.write(
        .text(
          #"{"data":[{"c":null,"p":187.9500,"s":"\#(symbol)","t":1779296400123,"v":100},"#
            + #"{"p":0,"s":"\#(symbol)","t":1779296400124,"v":1}],"type":"trade"}"#))
    }
  }

  func run(_ body: @Sendable (String) async throws -> Void) async throws {
    let router = Router(context: BasicWebSocketRequestContext.self)
    router.ws("/", shouldUpgrade: recordToken, onUpgrade: answer)
    let app = Application(
      router: Router(), server: .http1WebSocketUpgrade(webSocketRouter: router),
      configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    try await app.test(.live) { client in
      let port = try #require(client.port)
      try await body("ws://127.0.0.1:\(port)/")
    }
  }
}

@Suite("Finnhub trades stream")
struct FinnhubTradeFeedTests {
  @Test("subscribes to the watched symbols and reports their trades exactly")
  func subscribesAndReports() async throws {
    let fake = FakeFinnhubStream()
    let watched = Shared<Set<Symbol>>(["AAPL", "MSFT"])
    let trades = Shared<[TradePrint]>([])
    try await fake.run { url in
      let feed = FinnhubTradeFeed(
        apiKey: "stream-key", url: url, resubscribeEvery: .milliseconds(20))
      let task = Task {
        try await feed.run(watched: { watched.withLock { $0 } }) { batch in
          trades.withLock { $0.append(contentsOf: batch) }
        }
      }
      try await eventually { trades.withLock { $0.count } == 2 }
      watched.withLock { $0 = ["AAPL"] }
      try await eventually { fake.messages.contains { $0.contains("unsubscribe") } }
      task.cancel()
      _ = try? await task.value
    }
    #expect(fake.tokensSeen == ["stream-key"])
    #expect(
      fake.messages.prefix(3) == [
        #"{"type":"subscribe","symbol":"AAPL"}"#, #"{"type":"subscribe","symbol":"MSFT"}"#,
        #"{"type":"unsubscribe","symbol":"MSFT"}"#,
      ])
    let seen = trades.withLock { $0 }.sorted { $0.symbol < $1.symbol }
    #expect(seen.map(\.symbol) == ["AAPL", "MSFT"])
    #expect(seen.allSatisfy { $0.price.description == "187.95" })
    #expect(seen.first?.time == Date(timeIntervalSince1970: 1_779_296_400.123))
  }

  @Test("a print's size is read when it is a number, and left out otherwise")
  func sizes() {
    let trades = FinnhubTradeFeed.trades(
      in:
        #"{"type":"trade","data":[{"p":187.95,"s":"AAPL","t":1,"v":100},{"p":1,"s":"MSFT","t":2,"v":"x"},{"p":2,"s":"KO","t":3}]}"#
    )
    #expect(trades.map(\.size) == [100, nil, nil])
  }

  @Test("pings, errors and unreadable messages carry no trades")
  func ignoresOtherMessages() {
    #expect(FinnhubTradeFeed.trades(in: #"{"type":"ping"}"#).isEmpty)
    #expect(FinnhubTradeFeed.trades(in: #"{"type":"error","msg":"Invalid symbol"}"#).isEmpty)
    #expect(FinnhubTradeFeed.trades(in: #"{"type":"trade","data":[{"p":1}]"#).isEmpty)
  }

  @Test("a stream that cannot connect fails as 'unavailable', without the key")
  func connectionFailure() async throws {
    let feed = FinnhubTradeFeed(apiKey: "secret-stream-key", url: "ws://127.0.0.1:1/")
    do {
      try await feed.run(watched: { [] }, onTrades: { _ in })
      Issue.record("connected to nothing")
    } catch let error as MarketDataError {
      #expect(error.isTransient)
      #expect(!error.message.contains("secret-stream-key"))
    }
  }

  @Test("trades move cached quotes, fresh, without an upstream call; older ones do not")
  func gatewayRecordsTrades() async throws {
    let clock = ManualWallClock(GatewayFixture.start)
    let provider = FakeMarketDataProvider()
    provider.setQuote(GatewayFixture.quote("AAPL", 200))
    let gateway = MarketGateway(
      upstream: provider, policy: UpstreamPolicy(id: "fake"), clock: clock, sleeper: clock,
      metricsFactory: TestMetrics())
    _ = try await gateway.quote(for: "AAPL", at: clock.now)
    clock.advance(by: 10)
    let trade = TradePrint(
      symbol: "AAPL", price: Price("205.25")!, time: GatewayFixture.start.addingTimeInterval(9))
    let stale = TradePrint(
      symbol: "AAPL", price: Price("1.00")!, time: GatewayFixture.start.addingTimeInterval(-1))
    #expect(
      gateway.record(
        [stale, trade, TradePrint(symbol: "MSFT", price: Price("1.00")!, time: .now)], at: clock.now
      )
        == 1)
    let answer = try await gateway.fetch(.quote("AAPL", at: clock.now))
    #expect(answer.value.price == Price("205.25")!)
    #expect(answer.value.high == Price("205.25")!)
    #expect(answer.value.previousClose == GatewayFixture.quote("AAPL", 200).previousClose)
    #expect(!answer.isStale)
    #expect(provider.callCount(.quote) == 1)
    #expect(gateway.record([stale], at: clock.now) == 0)
  }

  /// A value the test and the feed's callbacks share.
  final class Shared<Value: Sendable>: Sendable {
    private let value: Mutex<Value>
    init(_ value: Value) { self.value = Mutex(value) }
    func withLock<T>(_ body: (inout Value) -> T) -> T { value.withLock { body(&$0) } }
  }

  /// Polls `condition` for up to five seconds.
  private func eventually(_ condition: () -> Bool) async throws {
    for _ in 0..<250 where !condition() { try await Task.sleep(for: .milliseconds(20)) }
    #expect(condition())
  }
}
