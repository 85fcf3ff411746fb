import Foundation
import RavenCore
import RavenTestSupport
import Testing

@testable import RavenMarketData
@testable import RavenSimulation

@Suite("Company universe and search")
struct CompanyUniverseTests {
  let universe = MarketFixture.universe
  let market = MarketFixture.market()

  @Test("At least 300 real companies with complete facts, every industry with peers")
  func universeShape() {
    #expect(universe.companies.count >= 300)
    #expect(Set(universe.companies.map(\.symbol)).count == universe.companies.count)
    for company in universe.companies {
      #expect(!company.name.isEmpty && company.webURL.hasPrefix("https://"))
      #expect(company.sharesOutstanding.isPositive && company.referencePrice.isPositive)
      #expect(company.ipo < MarketDate("2026-11-22")!)
    }
    for industry in universe.industries {
      #expect(universe.companies(inIndustry: industry).count >= 3, "\(industry) has too few peers")
    }
  }

  @Test("Search ranks an exact symbol first, then symbol prefixes, then names")
  func searchRanking() {
    #expect(market.search(matching: "AAPL").first?.symbol == "AAPL")
    #expect(market.search(matching: "aapl").first?.symbol == "AAPL")
    let apple = market.search(matching: "apple")
    #expect(apple.first?.symbol == "AAPL")
    #expect(apple.first?.name == "Apple Inc")
    let a = market.search(matching: "A", limit: 5)
    #expect(a.first?.symbol == "A")
    #expect(a.allSatisfy { $0.symbol.rawValue.hasPrefix("A") })
    #expect(market.search(matching: "bank of").contains { $0.symbol == "BAC" })
    #expect(market.search(matching: "brk").first?.symbol == "BRK.B")
    #expect(market.search(matching: "coca cola").first?.symbol == "KO")
  }

  @Test("Search ignores noise and respects the limit", arguments: ["", "   ", "!!!", "zzzzqqq"])
  func searchEmpty(query: String) {
    #expect(market.search(matching: query).isEmpty)
  }

  @Test("Search limit")
  func searchLimit() {
    #expect(market.search(matching: "a", limit: 3).count == 3)
    #expect(market.search(matching: "a", limit: 0).isEmpty)
  }

  @Test("Peers share the industry and leave the stock itself out")
  func peers() throws {
    let peers = try market.peers(for: "JPM")
    #expect(!peers.isEmpty && !peers.contains("JPM"))
    for peer in peers {
      #expect(universe.company(for: peer)?.industry == universe.company(for: "JPM")?.industry)
    }
    #expect(throws: MarketDataError.unknownSymbol("NOPE")) { try market.peers(for: "NOPE") }
  }

  @Test("Profiles carry public facts and say they are simulated")
  func profile() throws {
    let profile = try market.profile(for: "AAPL", at: MarketFixture.instant("2026-11-20T18:00:00Z"))
    #expect(profile.name == "Apple Inc")
    #expect(profile.ipo == MarketDate("1980-12-12"))
    #expect(profile.source == "Raven simulated market")
    #expect(profile.marketCapitalization?.isPositive == true)
  }
}
