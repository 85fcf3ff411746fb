import Foundation
import RavenCore
import RavenTestSupport
import Testing

@testable import RavenGateway
@testable import RavenMarketData

/// Splits and dividends through the gateway: cached for hours, stale rather than lost when
/// the provider fails, and only from a source whose policy lists them.
@Suite("Gateway: corporate actions")
struct GatewayCorporateActionTests {
  static let dividend = CorporateAction(
    symbol: "KO", kind: .cashDividend(rate: Price(cents: 51), special: false),
    declarationDate: nil, exDate: MarketDate("2026-11-28")!, recordDate: MarketDate("2026-11-28")!,
    payableDate: MarketDate("2026-12-15")!)

  @Test("A symbol's actions are asked once per lifetime, and kept when the provider fails")
  func cachedAndStale() async throws {
    let fixture = GatewayFixture()
    fixture.fake.setCorporateActions([Self.dividend], for: "KO")
    #expect(try await fixture.gateway.corporateActions(of: "KO") == [Self.dividend])
    fixture.clock.advance(by: 21_599)
    #expect(try await fixture.gateway.corporateActions(of: "KO") == [Self.dividend])
    #expect(fixture.fake.callCount(.corporateActions) == 1)

    fixture.clock.advance(by: 1)
    fixture.fake.fail()
    let stale = try await fixture.gateway.fetch(.corporateActions("KO"))
    #expect(stale.value == [Self.dividend] && stale.isStale)
    #expect(fixture.fake.callCount(.corporateActions) == 2)
    #expect(fixture.gateway.corporateActionSymbols == ["KO"])
  }

  @Test("Never fetched and the provider down: the failure is the caller's to see")
  func failureWithNothingCached() async throws {
    let fixture = GatewayFixture()
    fixture.fake.fail(with: .rateLimited)
    await #expect(throws: MarketDataError.rateLimited) {
      try await fixture.gateway.corporateActions(of: "KO")
    }
  }

  @Test("A source whose policy does not list them serves none, without a call")
  func notListed() async throws {
    var kinds = Set(MarketDataKind.allCases)
    kinds.remove(.corporateActions)
    let fixture = GatewayFixture(capabilities: kinds)
    #expect(fixture.gateway.source(for: .corporateActions) == nil)
    await #expect(throws: MarketDataError.unsupported("splits and dividends")) {
      try await fixture.gateway.corporateActions(of: "KO")
    }
    #expect(fixture.gateway.corporateActionSymbols.isEmpty)
    #expect(fixture.fake.totalCalls == 0)
  }

  @Test("A paid endpoint a free key refuses: the next source that lists them answers, from then on")
  func refusedThenNext() async throws {
    let clock = ManualWallClock(GatewayFixture.start)
    let finnhub = FakeMarketDataProvider(clock: clock)
    finnhub.fail(with: .unsupported("splits and dividends"))
    let alpaca = FakeMarketDataProvider(
      attribution: DataAttribution(name: "Alpaca", url: nil, isSimulated: false), clock: clock)
    alpaca.setCorporateActions([Self.dividend], for: "KO")
    let gateway = MarketGateway(
      sources: [
        MarketSource(
          provider: finnhub,
          policy: UpstreamPolicy(id: "finnhub", capabilities: [.corporateActions])),
        MarketSource(
          provider: alpaca, policy: UpstreamPolicy(id: "alpaca", capabilities: [.corporateActions])),
      ], clock: clock, sleeper: clock)
    #expect(try await gateway.corporateActions(of: "KO") == [Self.dividend])
    #expect(gateway.source(for: .corporateActions)?.name == "Alpaca")
    clock.advance(by: 21_600)
    _ = try await gateway.corporateActions(of: "KO")
    #expect(finnhub.callCount(.corporateActions) == 1)
    #expect(alpaca.callCount(.corporateActions) == 2)
  }
}
