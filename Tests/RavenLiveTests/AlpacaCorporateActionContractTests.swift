import AsyncHTTPClient
import Foundation
import RavenCore
import RavenGateway
import RavenTestSupport
import Testing

@testable import RavenHTTP
@testable import RavenLive
@testable import RavenMarketData

/// AlpacaMarketData as a source of splits and dividends, against the local fake of
/// `/v1/corporate-actions`.
@Suite("Alpaca corporate actions contract")
struct AlpacaCorporateActionContractTests {
  let server = FakeAlpacaDataServer()
  /// Friday 2026-11-20, 15:30 UTC.
  let clock = ManualWallClock(GatewayFixture.start)

  func withProvider(_ body: @Sendable (AlpacaMarketData) async throws -> Void) async throws {
    let clock = clock
    try await server.run { baseURL in
      let provider = AlpacaMarketData(
        configuration: AlpacaDataConfiguration(
          keyID: FakeAlpacaDataServer.keyID, secretKey: FakeAlpacaDataServer.secretKey,
          baseURL: baseURL, timeout: FakeUpstream.answerTimeout),
        transport: AsyncHTTPTransport(client: .shared), clock: clock)
      try await body(provider)
    }
  }

  @Test("every page of a symbol's dividends and splits, in ex-date order, rates exact")
  func pages() async throws {
    try await withProvider { provider in
      let actions = try await provider.corporateActions(of: "AAPL")
      #expect(
        actions.map(\.id) == [
          "AAPL-SPLIT-2020-08-31", "AAPL-SPECIAL-2024-05-10", "AAPL-DIV-2024-08-12",
        ])
      let split = actions[0]
      #expect(split.splitRatio == SplitRatio(new: 4, old: 1))
      #expect(
        split.recordDate == MarketDate("2020-08-24")
          && split.payableDate == MarketDate("2020-08-28"))
      #expect(
        actions.allSatisfy {
          $0.declarationDate == nil && $0.isKnown(on: MarketDate("2000-01-03")!)
        })
      // A sub-cent rate keeps its digits; a missing record date is the ex-date, a missing
      // payable date the record date.
      #expect(actions[1].dividendRate?.description == "0.0025")
      #expect(actions[1].recordDate == MarketDate("2024-05-10"))
      #expect(actions[1].payableDate == MarketDate("2024-05-10"))
      #expect(actions[2].dividendRate?.description == "0.25")
      #expect(actions[2].payableDate == MarketDate("2024-08-15"))
    }
    let uris = server.requests.map(\.uri)
    #expect(uris.count == 2)
    #expect(
      uris[0]
        == "/v1/corporate-actions?end=2027-11-21&limit=1000&sort=asc&start=2016-11-20&symbols=AAPL"
        + "&types=forward_split%2Creverse_split%2Ccash_dividend")
    #expect(uris[1].contains("page_token=p2"))
  }

  @Test("reverse splits, fractional rates as whole shares, and symbols with none")
  func ratios() async throws {
    try await withProvider { provider in
      let reverse = try await provider.corporateActions(of: "GE")
      #expect(reverse.map(\.id) == ["GE-REVERSE-2021-08-02"])
      #expect(reverse.first?.splitRatio == SplitRatio(new: 1, old: 8))
      let odd = try await provider.corporateActions(of: "ODD")
      #expect(odd.first?.splitRatio == SplitRatio(new: 3, old: 2))
      #expect(try await provider.corporateActions(of: "KO").isEmpty)
    }
  }

  @Test("a 1-for-1 'split' is left out; an invalid symbol is unknown; 429 is rate limited")
  func failures() async throws {
    try await withProvider { provider in
      let none = try await provider.corporateActions(of: "NOSPLIT")
      #expect(none.isEmpty)
      await #expect(throws: MarketDataError.unknownSymbol("ZZZZ")) {
        try await provider.corporateActions(of: "ZZZZ")
      }
      await #expect(throws: MarketDataError.rateLimited) {
        try await provider.corporateActions(of: "RATE")
      }
    }
  }
}
