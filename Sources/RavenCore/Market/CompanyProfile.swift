import Foundation

/// Who a company is: the facts a stock's About section shows.
public struct CompanyProfile: Sendable, Hashable, Codable {
  public var symbol: Symbol
  public var name: String
  /// The listing exchange as data providers name it, e.g. `NASDAQ NMS - GLOBAL MARKET`.
  public var exchange: String
  /// Finnhub's industry classification, e.g. `Technology`, `Banking`.
  public var industry: String
  /// The first day the stock traded.
  public var ipo: MarketDate?
  public var webURL: String?
  public var country: String
  public var currency: String
  public var sharesOutstanding: Quantity?
  public var marketCapitalization: Money?
  /// Who supplied this profile, e.g. `Raven simulated market` or `Finnhub`.
  public var source: String

  public init(
    symbol: Symbol, name: String, exchange: String, industry: String, ipo: MarketDate?,
    webURL: String?, country: String = "US", currency: String = "USD",
    sharesOutstanding: Quantity?, marketCapitalization: Money?, source: String
  ) {
    self.symbol = symbol
    self.name = name
    self.exchange = exchange
    self.industry = industry
    self.ipo = ipo
    self.webURL = webURL
    self.country = country
    self.currency = currency
    self.sharesOutstanding = sharesOutstanding
    self.marketCapitalization = marketCapitalization
    self.source = source
  }
}

/// One answer to a symbol or company-name search.
public struct SearchResult: Sendable, Hashable, Codable {
  public var symbol: Symbol
  public var name: String
  public var exchange: String

  public init(symbol: Symbol, name: String, exchange: String) {
    self.symbol = symbol
    self.name = name
    self.exchange = exchange
  }
}
