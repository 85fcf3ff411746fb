import RavenMarketData

/// The factors one security's sessions draw on: the shocks it mixes, each with its
/// weight, and the factors whose volatilities scale them.
///
/// A stock mixes the market's, its industry's and its own (`StockModel`'s weights). A
/// fund mixes what its basket's constituents share (`Fund.Basket`): diversification leaves
/// little of their own moves, so a fund is priced from a few factors, as cheaply as a stock.
struct FactorMix {
  /// Each factor with its weight in a session's shock; the squared weights add up to one,
  /// so the shock has unit variance.
  let shocks: [(FactorSeries, Double)]
  /// The factors whose log-volatilities add up to the security's...
  let volatilities: [FactorSeries]
  /// ...and the sum of their variances, which centres the volatility (`dailySeries`).
  let variance: Double

  /// A stock: the market, its industry and its own.
  static func stock(market: FactorSeries, industry: FactorSeries, own: FactorSeries) -> FactorMix {
    FactorMix(
      shocks: [
        (market, StockModel.marketWeight), (industry, StockModel.industryWeight),
        (own, StockModel.ownWeight),
      ],
      volatilities: [market, industry, own], variance: VolatilityProfile.totalVariance)
  }

  /// An ordinary fund holding `basket`: `industries` are the factors of the industries it
  /// names, in order; `own` is its tracking error (or, for bonds, the rate factor).
  static func fund(
    _ basket: Fund.Basket, market: FactorSeries, industries: [FactorSeries], own: FactorSeries
  ) -> FactorMix {
    let market = (market, VolatilityProfile.market.variance)
    switch basket {
    case .market:
      // An index of hundreds of stocks is the market factor, and a trace of its own.
      return FactorMix(
        shocks: [(market.0, 0.99.squareRoot()), (own, 0.1)], volatilities: [market.0],
        variance: market.1)
    case .smallCompanies:
      return FactorMix(
        shocks: [(market.0, 0.85), (own, (1 - 0.85 * 0.85).squareRoot())],
        volatilities: [market.0, own],
        variance: market.1 + VolatilityProfile.own.variance)
    case .industries:
      // A sector fund's stocks share the market (half of each stock's move) and their
      // industries (the other half); their own moves mostly cancel out. Its correlation
      // with a member stock is then about 0.7.
      let each = (0.5 / Double(max(industries.count, 1))).squareRoot()
      return FactorMix(
        shocks: [(market.0, 0.7)] + industries.map { ($0, each) } + [(own, 0.1)],
        volatilities: [market.0] + industries.prefix(1),
        variance: market.1 + (industries.isEmpty ? 0 : VolatilityProfile.industry.variance))
    case .treasuries:
      // Long bonds move with rates, their own factor, and rally a little when stocks fall.
      return FactorMix(
        shocks: [(market.0, -0.2), (own, 0.96.squareRoot())], volatilities: [own],
        variance: VolatilityProfile.own.variance)
    }
  }
}
