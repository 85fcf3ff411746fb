import RavenCore
import RavenMarketData

/// What an exchange-traded fund holds, as the simulated market prices it: not a sum over
/// its constituents, but the market's own factors that its constituents share (SPY the
/// market's, a sector fund its industries'), so a fund costs what one stock costs to price.
public struct Fund: Sendable, Hashable {
  /// The securities a fund's return follows.
  public enum Basket: Sendable, Hashable {
    /// The large companies of the whole market (S&P 500, the Dow).
    case market
    /// Small companies: the market's moves and a small-company factor of their own.
    case smallCompanies
    /// A sector: the market's moves and those of the industries named.
    case industries([String])
    /// Long-dated Treasury bonds: a rate factor of their own, leaning slightly against
    /// the stock market.
    case treasuries
  }

  public let basket: Basket
  /// The multiple of the underlying fund's daily return a leveraged fund delivers
  /// (3, −3), compounding daily; 1 for an ordinary fund.
  public let leverage: Int
  /// The fund whose daily return this one multiplies: a leveraged fund's, or the fund
  /// of the same index this one moves with (VOO moves with SPY); nil for a fund priced
  /// from its basket.
  public let underlying: Symbol?
  /// How much an ordinary fund's price moves in a typical year (its annualized
  /// volatility); a leveraged fund's follows from its underlying's.
  public let annualVolatility: Double

  public init(basket: Basket, leverage: Int, underlying: Symbol?, annualVolatility: Double) {
    self.basket = basket
    self.leverage = leverage
    self.underlying = underlying
    self.annualVolatility = annualVolatility
  }

  public var isLeveraged: Bool { leverage != 1 }

  /// The industry every fund is listed under: a fund's peers are other funds.
  public static let industry = "Exchange Traded Fund"
  /// Where funds list (Alpaca calls it ARCA).
  public static let exchange = "NYSE ARCA"
}
