import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import RavenCore
import RavenMarketData
import RavenStore
import RavenStoreSQLite
import RavenTestSupport
import Testing

@testable import RavenServer

/// A trade feed that, once a symbol is watched, reports one trade of it a second after
/// its quote, then stays connected.
struct ScriptedTradeFeed: TradeFeed {
  let price: Price
  let time: Date

  func run(
    watched: @escaping @Sendable () async -> Set<Symbol>,
    onTrades: @escaping @Sendable ([TradePrint]) async -> Void
  ) async throws {
    var reported: Set<Symbol> = []
    while !Task.isCancelled {
      for symbol in await watched() where reported.insert(symbol).inserted {
        await onTrades([TradePrint(symbol: symbol, price: price, time: time)])
      }
      try await Task.sleep(for: .milliseconds(20))
    }
  }
}

@Suite("Streamed trades")
struct TradeFeedStreamTests {
  @Test(
    "a streamed trade reaches the quote stream's clients without another upstream call",
    .timeLimit(.minutes(1)))
  func tradeMovesStreamedQuote() async throws {
    let clock = ManualWallClock(TestServer.midSession)
    let fake = FakeMarketDataProvider()
    let price = Price("61.25")!
    fake.setQuote(
      Quote(
        symbol: "KO", price: price, open: price, high: price, low: price,
        previousClose: Price("60.00")!, time: TestServer.midSession))
    var dependencies = ServerDependencies(
      store: try SQLiteStore.temporary(), provider: fake, clock: clock,
      calendar: TestServer.calendar)
    dependencies.tradeFeed = ScriptedTradeFeed(
      price: Price("61.7500")!, time: TestServer.midSession.addingTimeInterval(1))
    let app = try await buildApplication(TestServer.configuration(), dependencies: dependencies)
    try await app.test(.live) { client in
      let messages = try await client.receive(
        count: 2, sending: [#"{"type":"subscribe","symbols":["KO"]}"#], whileWaiting: {})
      #expect(messages[0].contains(#""price":"61.25""#))
      #expect(messages[1].contains(#""price":"61.7500""#))
      #expect(messages[1].contains(#""change":"1.7500""#))
    }
    #expect(fake.callCount(.quote) + fake.callCount(.quotes) == 1)
  }
}
