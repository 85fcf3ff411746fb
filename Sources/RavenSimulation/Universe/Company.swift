import RavenCore
import RavenMarketData

/// A listed security the simulated market trades, a company's shares or an exchange-traded
/// fund: public facts plus the price level its simulated history is anchored to.
public struct Company: Sendable, Hashable {
  public let symbol: Symbol
  public let name: String
  public let exchange: String
  public let industry: String
  public let ipo: MarketDate
  public let webURL: String
  public let sharesOutstanding: Quantity
  /// A typical share price around January 2024: only sets the level simulated prices move around.
  public let referencePrice: Price
  /// What the security is when it is an exchange-traded fund rather than a company's
  /// shares; nil for a stock.
  public let fund: Fund?

  public init(
    symbol: Symbol, name: String, exchange: String, industry: String, ipo: MarketDate,
    webURL: String, sharesOutstanding: Quantity, referencePrice: Price, fund: Fund? = nil
  ) {
    self.symbol = symbol
    self.name = name
    self.exchange = exchange
    self.industry = industry
    self.ipo = ipo
    self.webURL = webURL
    self.sharesOutstanding = sharesOutstanding
    self.referencePrice = referencePrice
    self.fund = fund
  }

  public var isFund: Bool { fund != nil }
}
