import Foundation
import RavenCore
import RavenTestSupport
import Testing

@testable import RavenGateway
@testable import RavenMarketData

@Suite("Gateway: cache lifetimes and keys")
struct GatewayCacheTests {
  @Test("A quote is served from the cache until its lifetime is over, then fetched again")
  func quoteLifetime() async throws {
    let fixture = GatewayFixture()
    fixture.fake.setQuote(GatewayFixture.quote("AAPL", 100))
    let first = try await fixture.gateway.fetch(.quote("AAPL", at: fixture.clock.now))
    #expect(first.value.price == Price(cents: 10_000))
    #expect(!first.isStale && first.age == 0)

    fixture.clock.advance(by: 1.5)
    fixture.fake.setQuote(GatewayFixture.quote("AAPL", 101))
    let cached = try await fixture.gateway.fetch(.quote("AAPL", at: fixture.clock.now))
    #expect(cached.value.price == Price(cents: 10_000))
    #expect(cached.age == 1.5)
    #expect(!cached.isStale)
    #expect(fixture.fake.callCount(.quote) == 1)

    fixture.clock.advance(by: 0.5)
    let refreshed = try await fixture.gateway.fetch(.quote("AAPL", at: fixture.clock.now))
    #expect(refreshed.value.price == Price(cents: 10_100))
    #expect(refreshed.age == 0)
    #expect(fixture.fake.callCount(.quote) == 2)
    #expect(fixture.cacheRequests(.quote, "hit") == 1)
    #expect(fixture.cacheRequests(.quote, "miss") == 2)
  }

  @Test("Each kind keeps its own lifetime: a profile a day, a search an hour")
  func kindLifetimes() async throws {
    let fixture = GatewayFixture()
    fixture.fake.setProfile(GatewayFixture.profile("AAPL"))
    fixture.fake.setSearchResults(
      [SearchResult(symbol: "AAPL", name: "Apple Inc", exchange: "NASDAQ")], for: "apple")
    _ = try await fixture.gateway.profile(for: "AAPL", at: fixture.clock.now)
    _ = try await fixture.gateway.search("apple", limit: 5)
    fixture.clock.advance(by: 3_599)
    _ = try await fixture.gateway.profile(for: "AAPL", at: fixture.clock.now)
    _ = try await fixture.gateway.search("Apple ", limit: 5)
    #expect(fixture.fake.callCount(.search) == 1, "case and spaces do not make another search")
    fixture.clock.advance(by: 1)
    _ = try await fixture.gateway.search("apple", limit: 5)
    #expect(fixture.fake.callCount(.search) == 2)
    fixture.clock.advance(by: 86_400 - 3_600 - 1)
    _ = try await fixture.gateway.profile(for: "AAPL", at: fixture.clock.now)
    #expect(fixture.fake.callCount(.profile) == 1)
    fixture.clock.advance(by: 1)
    _ = try await fixture.gateway.profile(for: "AAPL", at: fixture.clock.now)
    #expect(fixture.fake.callCount(.profile) == 2)
  }

  @Test("Lifetimes are configurable")
  func configuredLifetime() async throws {
    var configuration = MarketGatewayConfiguration()
    configuration.lifetimes.quote = 60
    let fixture = GatewayFixture(configuration: configuration)
    fixture.fake.setQuote(GatewayFixture.quote("AAPL", 100))
    _ = try await fixture.gateway.quote(for: "AAPL", at: fixture.clock.now)
    fixture.clock.advance(by: 59)
    _ = try await fixture.gateway.quote(for: "AAPL", at: fixture.clock.now)
    #expect(fixture.fake.callCount(.quote) == 1)
  }

  @Test("Clients asking for bars up to 'now' a few seconds apart share one upstream call")
  func barsShareRoundedEnd() async throws {
    let fixture = GatewayFixture()
    let open = MarketFixture.instant("2026-11-20T14:30:00Z")
    fixture.fake.setBars(
      GatewayFixture.minuteBars(from: open, count: 120), for: "AAPL", resolution: .minute)
    // 15:30:00 rounds up to itself, 15:30:05 and 15:30:29 to 15:30:30.
    let first = try await fixture.gateway.rawBars(
      for: "AAPL", resolution: .minute, from: open, to: fixture.clock.now.addingTimeInterval(5),
      asOf: fixture.clock.now)
    fixture.clock.advance(by: 20)
    let second = try await fixture.gateway.rawBars(
      for: "AAPL", resolution: .minute, from: open, to: fixture.clock.now.addingTimeInterval(9),
      asOf: fixture.clock.now)
    #expect(fixture.fake.callCount(.bars) == 1)
    #expect(first.count == 61, "14:30 … 15:30, cut back to the caller's end")
    #expect(second.count == 61)
    let exact = try await fixture.gateway.rawBars(
      for: "AAPL", resolution: .minute, from: open,
      to: MarketFixture.instant("2026-11-20T15:00:00Z"), asOf: fixture.clock.now)
    #expect(exact.count == 30)
    #expect(exact.last?.time == MarketFixture.instant("2026-11-20T14:59:00Z"))
    #expect(fixture.fake.callCount(.bars) == 2)
    #expect(fixture.fake.calls.last?.symbols == ["AAPL"])
  }

  @Test("Bars as they traded and adjusted ones are different answers, each cached")
  func adjustmentsAreKeptApart() async throws {
    let fixture = GatewayFixture()
    let open = MarketFixture.instant("2026-11-20T14:30:00Z")
    fixture.fake.setBars(
      GatewayFixture.minuteBars(from: open, count: 120), for: "AAPL", resolution: .minute)
    let now = fixture.clock.now
    for adjustment in [BarAdjustment.raw, .split, .raw, .split, .all] {
      _ = try await fixture.gateway.bars(
        for: "AAPL", resolution: .minute, from: open, to: now, asOf: now, adjustment: adjustment)
    }
    #expect(fixture.fake.barAdjustments == [.raw, .split, .all])
  }

  @Test("Intraday bars live 30 seconds and daily bars an hour")
  func barLifetimes() async throws {
    let fixture = GatewayFixture()
    let open = MarketFixture.instant("2026-11-20T14:30:00Z")
    let bars = GatewayFixture.minuteBars(from: open, count: 10)
    fixture.fake.setBars(bars, for: "AAPL", resolution: .minute)
    fixture.fake.setBars(bars, for: "AAPL", resolution: .day)
    let end = MarketFixture.instant("2026-11-20T15:00:00Z")
    _ = try await fixture.gateway.rawBars(
      for: "AAPL", resolution: .minute, from: open, to: end, asOf: fixture.clock.now)
    _ = try await fixture.gateway.rawBars(
      for: "AAPL", resolution: .day, from: open, to: end, asOf: fixture.clock.now)
    fixture.clock.advance(by: 30)
    _ = try await fixture.gateway.rawBars(
      for: "AAPL", resolution: .minute, from: open, to: end, asOf: fixture.clock.now)
    _ = try await fixture.gateway.rawBars(
      for: "AAPL", resolution: .day, from: open, to: end, asOf: fixture.clock.now)
    #expect(fixture.fake.callCount(.bars) == 3)
    fixture.clock.advance(by: 3_570)
    _ = try await fixture.gateway.rawBars(
      for: "AAPL", resolution: .day, from: open, to: end, asOf: fixture.clock.now)
    #expect(fixture.fake.callCount(.bars) == 4)
  }

  @Test("News asked for 'the last 7 days' a minute apart shares an entry, cut to each interval")
  func newsSharesRoundedInterval() async throws {
    let fixture = GatewayFixture()
    let stories = (0..<10).map { hour in
      NewsArticle(
        id: "s\(hour)", symbol: "AAPL", headline: "Story \(hour)", summary: "", source: "Wire",
        url: nil, imageURL: nil,
        publishedAt: GatewayFixture.start.addingTimeInterval(-Double(hour) * 3_600 - 30),
        category: "company")
    }
    fixture.fake.setNews(stories, for: "AAPL")
    fixture.clock.advance(by: 60)  // 15:31: the request spans [12:30, 15:35] upstream
    let now = fixture.clock.now
    let first = try await fixture.gateway.news(
      for: "AAPL", from: now.addingTimeInterval(-3 * 3_600), to: now, asOf: fixture.clock.now)
    fixture.clock.advance(by: 60)
    let later = fixture.clock.now
    let second = try await fixture.gateway.news(
      for: "AAPL", from: later.addingTimeInterval(-3 * 3_600), to: later, asOf: fixture.clock.now)
    #expect(fixture.fake.callCount(.news) == 1)
    #expect(first.map(\.id) == ["s0", "s1", "s2"])
    #expect(second.map(\.id) == ["s0", "s1", "s2"])
  }

  @Test("The market status is fetched again at the opening bell, not 30 seconds later")
  func marketStatusExpiresAtTheBell() async throws {
    let fixture = GatewayFixture(start: MarketFixture.instant("2026-11-20T14:29:50Z"))
    let market = MarketFixture.market()
    fixture.fake.setMarketStatus(market.marketStatus(at: fixture.clock.now))
    let before = try await fixture.gateway.marketStatus(at: fixture.clock.now)
    #expect(!before.isOpen)
    fixture.clock.advance(by: 9)
    _ = try await fixture.gateway.marketStatus(at: fixture.clock.now)
    #expect(fixture.fake.callCount(.marketStatus) == 1)
    fixture.clock.advance(by: 1)
    fixture.fake.setMarketStatus(market.marketStatus(at: fixture.clock.now))
    let after = try await fixture.gateway.marketStatus(at: fixture.clock.now)
    #expect(after.isOpen)
    #expect(fixture.fake.callCount(.marketStatus) == 2)
  }

  @Test("Each cache is bounded: the least recently used answers make room")
  func boundedCache() async throws {
    var configuration = MarketGatewayConfiguration()
    configuration.capacities.profiles = 2
    let fixture = GatewayFixture(configuration: configuration)
    for symbol: Symbol in ["A", "B", "C"] {
      fixture.fake.setProfile(GatewayFixture.profile(symbol))
    }
    _ = try await fixture.gateway.profile(for: "A", at: fixture.clock.now)
    _ = try await fixture.gateway.profile(for: "B", at: fixture.clock.now)
    _ = try await fixture.gateway.profile(for: "A", at: fixture.clock.now)
    _ = try await fixture.gateway.profile(for: "C", at: fixture.clock.now)
    #expect(fixture.gateway.profiles.cachedCount == 2)
    _ = try await fixture.gateway.profile(for: "A", at: fixture.clock.now)
    #expect(fixture.fake.callCount(.profile) == 3)
    _ = try await fixture.gateway.profile(for: "B", at: fixture.clock.now)
    #expect(fixture.fake.callCount(.profile) == 4, "B was the least recently used")
  }

  @Test("A kind the provider does not serve is refused without spending budget")
  func unsupportedKind() async throws {
    let fixture = GatewayFixture(capabilities: [.quote])
    await #expect(throws: MarketDataError.unsupported("company news")) {
      try await fixture.gateway.news(
        for: "AAPL", from: GatewayFixture.start, to: GatewayFixture.start, asOf: fixture.clock.now)
    }
    #expect(fixture.fake.totalCalls == 0)
    #expect(fixture.gateway.providerStatus().first?.capabilities == [.quote])
  }
}
