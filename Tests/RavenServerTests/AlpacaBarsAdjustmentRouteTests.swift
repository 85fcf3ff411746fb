import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RavenCore
import RavenMarketData
import RavenSimulation
import RavenTestSupport
import Testing

@testable import RavenServer

/// `adjustment` on `/v2/stocks/bars` (issue 34): as Alpaca, bars are as they traded unless
/// asked otherwise, and an unknown value is refused with 400.
@Suite("Alpaca bars adjusted for splits and dividends")
struct AlpacaBarsAdjustmentRouteTests {
  /// The test server's market's first forward split in 2010–2025.
  static func split() throws -> CorporateAction {
    let market = MarketFixture.market()
    for company in market.universe.companies {
      if let split = try market.corporateActions(of: company.symbol).first(where: {
        $0.splitRatio?.isReverse == false && (2010...2025).contains($0.exDate.year)
      }) {
        return split
      }
    }
    throw MarketDataError.noData("no split")
  }

  static func closes(_ page: [String: Any], _ symbol: Symbol) throws -> [Double] {
    let bars = try #require((page["bars"] as? [String: [[String: Any]]])?[symbol.rawValue])
    return bars.compactMap { ($0["c"] as? NSNumber)?.doubleValue }
  }

  @Test("raw by default; split divides what came before a split; an unknown value is a 400")
  func adjustment() async throws {
    let split = try Self.split()
    let ratio = try #require(split.splitRatio)
    let multiple = Double(ratio.new) / Double(ratio.old)
    let from = split.exDate.adding(days: -7)
    let to = split.exDate.adding(days: 7)
    try await withAlpacaKey { client, key in
      let base =
        "/v2/stocks/bars?symbols=\(split.symbol)&timeframe=1Day&start=\(from)&end=\(to)"
      let plain = try Self.closes(
        try await client.json(.get, base, headers: key.headers).object(), split.symbol)
      let raw = try Self.closes(
        try await client.json(.get, base + "&adjustment=raw", headers: key.headers).object(),
        split.symbol)
      let adjusted = try Self.closes(
        try await client.json(.get, base + "&adjustment=split", headers: key.headers).object(),
        split.symbol)
      #expect(plain == raw && raw.count == adjusted.count && raw.count >= 8)
      // Before the ex-date the split-adjusted closes are the raw ones over the ratio; on
      // and after it they are the same.
      let dates = try #require(
        (try await client.json(.get, base, headers: key.headers).object()["bars"]
          as? [String: [[String: Any]]])?[split.symbol.rawValue]?.compactMap { $0["t"] as? String })
      for (index, stamp) in dates.enumerated() {
        let before = stamp < "\(split.exDate)"
        let expected = before ? raw[index] / multiple : raw[index]
        #expect(abs(adjusted[index] - expected) < 0.0001, "\(stamp)")
      }
      for adjustment in ["dividend", "all"] {
        let answer = try await client.json(
          .get, base + "&adjustment=\(adjustment)", headers: key.headers)
        #expect(answer.status == .ok, "\(adjustment)")
      }
      let bad = try await client.json(.get, base + "&adjustment=splits", headers: key.headers)
      #expect(bad.status == .badRequest)
      #expect(bad.alpacaError?.message.contains("adjustment") == true)
    }
  }
}
