import RavenCore
import RavenMarketData

/// Stand-in logos for any company, whichever provider named it.
public enum CompanyLogo {
  /// The company's monogram as an SVG document (see `MonogramLogo`): never the real
  /// trademark, the same for a symbol and name on every machine.
  public static func monogram(symbol: Symbol, name: String) -> String {
    MonogramLogo(symbol: symbol.rawValue, name: name, shortName: Company.shortName(of: name)).svg
  }
}
