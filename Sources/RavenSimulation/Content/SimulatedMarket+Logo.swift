import RavenCore
import RavenMarketData

extension SimulatedMarket {
  /// A monogram logo for `symbol` as an SVG document: the company's initials in white
  /// on a rounded square of a color derived from the symbol, labelled with the
  /// company's name for screen readers. Never the real trademark.
  public func logoSVG(for symbol: Symbol) throws(MarketDataError) -> String {
    let company = try stock(symbol).company
    return MonogramLogo(
      symbol: symbol.rawValue, name: company.name, shortName: company.shortName
    ).svg
  }
}
