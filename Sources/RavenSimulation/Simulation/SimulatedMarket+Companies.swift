import Foundation
import RavenCore
import RavenMarketData

extension SimulatedMarket {
  /// The company's public facts, with its market capitalization at `instant`'s price.
  public func profile(for symbol: Symbol, at instant: Date) throws(MarketDataError)
    -> CompanyProfile
  {
    let company = try stock(symbol).company
    let price = try? quote(for: symbol, at: instant).price
    return CompanyProfile(
      symbol: symbol, name: company.name, exchange: company.exchange, industry: company.industry,
      ipo: company.ipo, webURL: company.webURL, sharesOutstanding: company.sharesOutstanding,
      marketCapitalization: price.map { (($0 * company.sharesOutstanding).roundedToCents()) },
      source: Self.attribution.name)
  }

  /// Up to `limit` companies of the same industry, largest (by reference market
  /// value) first, without `symbol` itself.
  public func peers(for symbol: Symbol, limit: Int = 10) throws(MarketDataError) -> [Symbol] {
    let company = try stock(symbol).company
    return universe.companies(inIndustry: company.industry)
      .filter { $0.symbol != symbol }
      .sorted { $0.referenceValue > $1.referenceValue }
      .prefix(limit)
      .map(\.symbol)
  }

  /// Companies matching `query`: by symbol prefix or by the start of a word of the name.
  /// An exact symbol comes first, then symbol prefixes, then name matches; ties go to
  /// the larger company.
  public func search(matching query: String, limit: Int = 10) -> [SearchResult] {
    universe.search(query, limit: limit).map {
      SearchResult(symbol: $0.symbol, name: $0.name, exchange: $0.exchange)
    }
  }

  /// The exchange's state at `instant`.
  public func marketStatus(at instant: Date) -> MarketStatus {
    calendar.status(at: instant)
  }
}

extension Company {
  /// Reference price × shares outstanding: a stable measure of size for ranking.
  var referenceValue: Decimal { referencePrice.value * sharesOutstanding.value }
}
