import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RavenCore
import RavenStore
import RavenStoreSQLite
import RavenTestSupport
import Testing

@testable import RavenServer

/// The provider going down mid-session: what was fetched before is still served, marked
/// stale with its age, never a 5xx; when it comes back, fresh data again.
@Suite("Market provider outage")
struct ProviderOutageTests {
  @Test("Stale answers with their age while the provider is down; fresh after it returns")
  func outage() async throws {
    let clock = ManualWallClock(TestServer.midSession)
    let fake = FakeMarketDataProvider()
    let price = Price("61.25")!
    fake.setQuotes([
      Quote(
        symbol: "KO", price: price, open: price, high: price, low: price,
        previousClose: Price("60.00")!, time: TestServer.midSession)
    ])
    fake.setProfile(
      CompanyProfile(
        symbol: "KO", name: "Coca-Cola Co", exchange: "NYSE", industry: "Beverages", ipo: nil,
        webURL: nil, sharesOutstanding: nil, marketCapitalization: nil, source: "fake"))
    let dependencies = ServerDependencies(
      store: try SQLiteStore.temporary(), provider: fake, clock: clock,
      calendar: TestServer.calendar)
    let app = try await buildApplication(TestServer.configuration(), dependencies: dependencies)
    try await app.test(.router) { client in
      let browser = try await client.signUp()
      let bought = try await client.json(
        .post, "/api/v1/trades", body: #"{"symbol":"KO","side":"buy","shares":"2"}"#,
        headers: browser.headers())
      #expect(bought.status == .created)
      let fresh = try await client.json(.get, "/api/v1/stocks/KO/quote")
      #expect(fresh.headers[.init("X-Raven-Data-Stale")!] == nil)
      #expect(try await client.json(.get, "/api/v1/stocks/KO/profile").status == .ok)

      fake.fail()
      clock.advance(by: 10)
      let stale = try await client.json(.get, "/api/v1/stocks/KO/quote")
      #expect(stale.status == .ok)
      #expect(try stale.object()["price"] as? String == "61.25")
      #expect(stale.headers[.init("X-Raven-Data-Stale")!] == "true")
      #expect(stale.headers[.init("X-Raven-Data-Age")!].flatMap(Int.init).map { $0 >= 10 } == true)
      let portfolio = try await client.json(.get, "/api/v1/portfolio", headers: browser.headers())
      #expect(portfolio.status == .ok)
      #expect(try portfolio.object()["netWorth"] as? String == "25000.00")
      #expect(portfolio.headers[.init("X-Raven-Data-Stale")!] == "true")
      let profile = try await client.json(.get, "/api/v1/stocks/KO/profile")
      #expect(profile.status == .ok)
      let neverFetched = try await client.json(.get, "/api/v1/stocks/MSFT/quote")
      #expect(neverFetched.status == .serviceUnavailable)
      #expect(neverFetched.errorCode == "market_data_unavailable")

      fake.recover()
      clock.advance(by: 120)  // past the circuit breaker's cool-down
      let back = try await client.json(.get, "/api/v1/stocks/KO/quote")
      #expect(back.status == .ok)
      #expect(back.headers[.init("X-Raven-Data-Stale")!] == nil)
    }
  }
}
