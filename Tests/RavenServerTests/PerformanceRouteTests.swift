import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RavenCore
import RavenTestSupport
import Testing

@testable import RavenServer

/// Returns through the API: deposits are flows, not gains; an account that holds the
/// benchmark returns what the benchmark does (issue 35).
@Suite("Performance routes")
struct PerformanceRouteTests {
  /// Mondays and Fridays around the test server's Friday 2026-11-20.
  static func day(_ offset: Double) -> Date {
    TestServer.midSession.addingTimeInterval(offset * 86_400)
  }

  @Test("Cash alone earns nothing: a deposit moves the value, not the return")
  func depositIsNoReturn() async throws {
    let clock = ManualWallClock(TestServer.midSession)
    let app = try await TestServer.make(clock: clock)
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      clock.set(Self.day(3))
      let deposit = try await client.json(
        .post, "/api/v1/portfolio/transfers", body: #"{"amount":"5000","direction":"deposit"}"#,
        headers: browser.headers())
      #expect(deposit.status == .created)
      clock.set(Self.day(4))
      let body = try await client.json(
        .get, "/api/v1/portfolio/performance?range=1W", headers: browser.headers()
      ).object()
      #expect(body["deposits"] as? String == "5000.00" && body["withdrawals"] as? String == "0.00")
      #expect(body["gain"] as? String == "0.00" && body["flowsKnown"] as? Bool == true)
      #expect(body["timeWeightedReturn"] as? String == "0.000000")
      #expect(body["moneyWeightedReturn"] as? String == "0.000000")
      #expect(body["endValue"] as? String == "30000.00")
      let history = try await client.json(
        .get, "/api/v1/portfolio/history?range=1W", headers: browser.headers()
      ).object()
      let points = try #require(history["points"] as? [[String: Any]])
      #expect(points.contains { $0["flow"] as? String == "5000.00" })
      #expect(points.allSatisfy { $0["twrIndex"] as? String == "1.000000" })
      #expect(
        history["change"] as? String == "0.00" && history["changePercent"] as? String == "0.00")
    }
  }

  @Test("Holding the benchmark returns what it does; figures and refusals")
  func holdingTheBenchmark() async throws {
    let clock = ManualWallClock(Self.day(-28))
    let app = try await TestServer.make(clock: clock)
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      let quote = try await client.json(.get, "/api/v1/stocks/SPY/quote").object()
      let price = try #require(Decimal(string: quote["price"] as? String ?? ""))
      // Nearly all the cash in SPY, in whole and fractional shares.
      let shares = NSDecimalNumber(decimal: 24_990 / price).rounding(
        accordingToBehavior: NSDecimalNumberHandler(
          roundingMode: .down, scale: 4, raiseOnExactness: false, raiseOnOverflow: false,
          raiseOnUnderflow: false, raiseOnDivideByZero: false))
      let buy = try await client.json(
        .post, "/api/v1/trades", body: #"{"symbol":"SPY","side":"buy","shares":"\#(shares)"}"#,
        headers: browser.headers())
      #expect(buy.status == .created)
      clock.set(Self.day(0))
      let body = try await client.json(
        .get, "/api/v1/portfolio/performance?range=1M&riskFreeRate=0.04",
        headers: browser.headers()
      ).object()
      let twr = try #require(Double(body["timeWeightedReturn"] as? String ?? ""))
      let benchmark = try #require(body["benchmark"] as? [String: Any])
      #expect(benchmark["symbol"] as? String == "SPY")
      let spy = try #require(Double(benchmark["totalReturn"] as? String ?? ""))
      // The little cash left and SPY's dividends (paid in cash, not reinvested) apart.
      #expect(abs(twr - spy) < 0.002, "account \(twr), SPY \(spy)")
      let beta = try #require(Double(body["beta"] as? String ?? ""))
      #expect(abs(beta - 1) < 0.05, "beta \(beta)")
      #expect(body["volatility"] is String && body["sharpeRatio"] is String)
      #expect(body["riskFreeRate"] as? String == "0.04")
      #expect(body["timeWeightedReturnAnnualized"] is NSNull)

      for (query, status, code) in [
        ("range=2Y", HTTPResponse.Status.badRequest, "invalid_range"),
        ("benchmark=ZZZZZ", .notFound, "unknown_symbol"),
        ("benchmark=$$$", .badRequest, "invalid_benchmark"),
        ("riskFreeRate=2", .badRequest, "invalid_risk_free_rate"),
        ("riskFreeRate=x", .badRequest, "invalid_risk_free_rate"),
      ] {
        let refused = try await client.json(
          .get, "/api/v1/portfolio/performance?\(query)", headers: browser.headers())
        #expect(refused.status == status && refused.errorCode == code, "\(query): \(refused.text)")
      }
      let other = try await client.json(
        .get, "/api/v1/portfolio/performance?range=1M&benchmark=QQQ", headers: browser.headers()
      ).object()
      #expect((other["benchmark"] as? [String: Any])?["symbol"] as? String == "QQQ")
      #expect(
        try await client.json(.get, "/api/v1/portfolio/performance").status == .unauthorized)
    }
  }
}
