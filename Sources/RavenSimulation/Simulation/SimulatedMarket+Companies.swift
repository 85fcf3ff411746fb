import Foundation
import RavenCore
import RavenMarketData

extension SimulatedMarket {
  /// The company's public facts, with its shares and market capitalization at `instant`
  /// (a split multiplies the shares as it divides the price).
  public func profile(for symbol: Symbol, at instant: Date) throws(MarketDataError)
    -> CompanyProfile
  {
    let stock = try stock(symbol)
    let company = stock.company
    let price = try? quote(for: symbol, at: instant).price
    let shares = sharesOutstanding(stock, at: instant)
    return CompanyProfile(
      symbol: symbol, name: company.name, exchange: company.exchange, industry: company.industry,
      ipo: company.ipo, webURL: company.webURL, sharesOutstanding: shares,
      marketCapitalization: price.map { (($0 * shares).roundedToCents()) },
      source: Self.attribution.name)
  }

  /// The company's shares at `instant`: its reference count (the anchor's) in the shares
  /// of the latest session by then.
  func sharesOutstanding(_ stock: StockModel, at instant: Date) -> Quantity {
    let reference = stock.company.sharesOutstanding
    guard let session = calendar.latestSessionIndex(openedAtOrBefore: instant) else {
      return reference
    }
    let split = schedule(stock).factor(session: session).split
    guard split != 1 else { return reference }
    let count = NSDecimalNumber(decimal: reference.value).doubleValue / split
    return Quantity(exact: ExactDecimal(units: Int64(count.rounded()), fractionDigits: 0))
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
