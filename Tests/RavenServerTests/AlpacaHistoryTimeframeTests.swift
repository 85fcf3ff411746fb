import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RavenCore
import RavenTestSupport
import Testing

@testable import RavenServer

/// alpaca-trade-api-python #180: the equity of one instant must not depend on the
/// timeframe it is read at (issue 35).
@Suite("Alpaca portfolio history across timeframes")
struct AlpacaHistoryTimeframeTests {
  @Test("An instant on the minute, 15-minute and hourly grids has one equity")
  func oneEquityPerInstant() async throws {
    let clock = ManualWallClock(TestServer.midSession.addingTimeInterval(-3 * 86_400))
    let app = try await TestServer.make(clock: clock)
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      let key = try await client.createKey(browser)
      for symbol in ["NVDA", "KO", "SPY"] {
        let buy = try await client.json(
          .post, "/api/v1/trades", body: #"{"symbol":"\#(symbol)","side":"buy","shares":"7"}"#,
          headers: browser.headers())
        #expect(buy.status == .created)
      }
      clock.set(TestServer.midSession)
      var equities: [String: [Int64: Double]] = [:]
      // Alpaca's own timeframes by default (a minute for a day, 15 minutes for a week, a day
      // for a month), and one asked for.
      let asked = ["1D": "period=1D", "1W": "period=1W", "1M": "period=1M&timeframe=1H"]
      for (period, query) in asked {
        let history = try await client.json(
          .get, "/v2/account/portfolio/history?\(query)", headers: key.headers
        ).object()
        #expect(
          history["timeframe"] as? String == ["1D": "1Min", "1W": "15Min", "1M": "1H"][period])
        let times = try #require(history["timestamp"] as? [NSNumber]).map(\.int64Value)
        let equity = try #require(history["equity"] as? [NSNumber]).map(\.doubleValue)
        equities[period] = Dictionary(zip(times, equity), uniquingKeysWith: { $1 })
      }
      for (wide, narrow) in [("1W", "1D"), ("1M", "1D"), ("1M", "1W")] {
        let shared = Set(equities[wide]!.keys).intersection(equities[narrow]!.keys)
        #expect(shared.count >= 3, "\(wide) and \(narrow) share \(shared.count) instants")
        for time in shared {
          #expect(
            equities[wide]![time] == equities[narrow]![time],
            "\(time): \(wide) \(equities[wide]![time]!), \(narrow) \(equities[narrow]![time]!)")
        }
      }
    }
  }
}
