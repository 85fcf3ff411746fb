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
    await #expect(throws: MarketDataError.self) {
      try await fake.profile(for: "AAPL", at: GatewayFixture.start)
    }
    await #expect(throws: MarketDataError.self) {
      try await fake.marketStatus(at: GatewayFixture.start)
    }
    #expect(fake.unexpectedCalls == ["profile(for: AAPL)", "marketStatus()"])
    do {
      _ = try await fake.earnings(for: "AAPL", asOf: GatewayFixture.start)
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
    _ = try await fake.quote(for: "AAPL", at: GatewayFixture.start)
    let batch = try await fake.quotes(for: ["AAPL", "ZZZZ"], at: GatewayFixture.start)
    #expect(Array(batch.keys) == ["AAPL"])
    await #expect(throws: MarketDataError.unknownSymbol("ZZZZ")) {
      try await fake.quote(for: "ZZZZ", at: GatewayFixture.start)
    }
    #expect(fake.callCount(.quote) == 2)
    #expect(fake.callCount(.quotes) == 1)
    #expect(fake.callCount(.news) == 0)
    fake.fail()
    await #expect(throws: MarketDataError.unavailable("the fake provider is down")) {
      try await fake.quote(for: "AAPL", at: GatewayFixture.start)
    }
    fake.recover()
    #expect(try await fake.quote(for: "AAPL", at: GatewayFixture.start).symbol == "AAPL")
    #expect(fake.totalCalls == 5)
  }
}
