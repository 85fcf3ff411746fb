import Foundation
import RavenCore
import RavenTestSupport
import Testing

@testable import RavenMarketData

@Suite("FakeMarketDataProvider")
struct GatewayFakeProviderTests {
  @Test("An unconfigured answer fails loudly and is listed")
  func failsLoudly() async {
    let fake = FakeMarketDataProvider()
    await #expect(throws: MarketDataError.self) { try await fake.profile(for: "AAPL") }
    await #expect(throws: MarketDataError.self) { try await fake.marketStatus() }
    #expect(fake.unexpectedCalls == ["profile(for: AAPL)", "marketStatus()"])
    do {
      _ = try await fake.earnings(for: "AAPL")
    } catch {
      #expect(
        error.message.contains("FakeMarketDataProvider has no answer for earnings(for: AAPL)"))
    }
  }

  @Test("It counts calls per method and answers what it was given")
  func countsCalls() async throws {
    let fake = FakeMarketDataProvider()
    fake.setQuote(GatewayFixture.quote("AAPL", 100))
    fake.markUnknown("ZZZZ")
    _ = try await fake.quote(for: "AAPL")
    let batch = try await fake.quotes(for: ["AAPL", "ZZZZ"])
    #expect(Array(batch.keys) == ["AAPL"])
    await #expect(throws: MarketDataError.unknownSymbol("ZZZZ")) {
      try await fake.quote(for: "ZZZZ")
    }
    #expect(fake.callCount(.quote) == 2)
    #expect(fake.callCount(.quotes) == 1)
    #expect(fake.callCount(.news) == 0)
    fake.fail()
    await #expect(throws: MarketDataError.unavailable("the fake provider is down")) {
      try await fake.quote(for: "AAPL")
    }
    fake.recover()
    #expect(try await fake.quote(for: "AAPL").symbol == "AAPL")
    #expect(fake.totalCalls == 5)
  }
}
