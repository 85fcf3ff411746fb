import AsyncHTTPClient
import Foundation
import RavenCore
import RavenTestSupport
import Testing

@testable import RavenHTTP
@testable import RavenLive
@testable import RavenMarketData

/// FinnhubProvider as a source of splits and dividends (paid endpoints), against the local
/// fake of Finnhub.
@Suite("Finnhub corporate actions contract")
struct FinnhubCorporateActionContractTests {
  let server = FakeFinnhubServer()

  func withProvider(
    key: String, _ body: @Sendable (FinnhubProvider) async throws -> Void
  ) async throws {
    try await server.run { baseURL in
      let provider = FinnhubProvider(
        configuration: FinnhubConfiguration(
          apiKey: key, baseURL: baseURL, timeout: FakeUpstream.answerTimeout),
        transport: AsyncHTTPTransport(client: .shared),
        clock: ManualWallClock(GatewayFixture.start))
      try await body(provider)
    }
  }

  @Test("a paid plan's dividends (as paid, in dollars, declared) and splits, in ex-date order")
  func paidPlan() async throws {
    try await withProvider(key: FakeFinnhubServer.premiumKey) { provider in
      let actions = try await provider.corporateActions(of: "AAPL")
      #expect(
        actions.map(\.id) == [
          "AAPL-SPLIT-2014-06-09", "AAPL-DIV-2019-11-07", "AAPL-DIV-2020-02-07",
          "AAPL-SPLIT-2020-08-31",
        ])
      #expect(actions[0].splitRatio == SplitRatio(new: 7, old: 1))
      #expect(actions[1].dividendRate?.description == "0.77")
      #expect(actions[1].declarationDate == MarketDate("2019-10-30"))
      #expect(actions[1].payableDate == MarketDate("2019-11-14"))
      // An empty pay date is the record date; an empty declaration date is unknown.
      #expect(actions[2].payableDate == MarketDate("2020-02-10"))
      #expect(actions[2].declarationDate == nil)
      #expect(try await provider.corporateActions(of: "MSFT").isEmpty)
    }
    let uris = server.requests.map(\.uri)
    #expect(uris.first == "/api/v1/stock/dividend?from=2016-11-20&symbol=AAPL&to=2027-11-21")
    #expect(
      uris.dropFirst().first == "/api/v1/stock/split?from=2016-11-20&symbol=AAPL&to=2027-11-21")
  }

  @Test("a free key's 403 is 'unsupported', so the gateway asks the next source")
  func freeKey() async throws {
    try await withProvider(key: FakeFinnhubServer.freeKey) { provider in
      await #expect(throws: MarketDataError.unsupported("splits and dividends")) {
        try await provider.corporateActions(of: "AAPL")
      }
    }
    #expect(FinnhubProvider.capabilities.contains(.corporateActions))
    #expect(!FinnhubProvider.freeCapabilities.contains(.corporateActions))
  }
}
