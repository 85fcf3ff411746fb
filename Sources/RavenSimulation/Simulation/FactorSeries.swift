import RavenMarketData

/// How one factor's volatility behaves: how much it varies and how strongly a fall
/// raises it.
struct VolatilityProfile: Sendable, Hashable {
  /// The stationary variance of the factor's log-volatility.
  let variance: Double
  /// The correlation of each update of the log-volatility with the session's shock:
  /// negative, so that falls raise later volatility (the leverage effect).
  let leverage: Double

  /// The whole market: calm spells and crashes that every stock shares.
  static let market = VolatilityProfile(variance: 0.12, leverage: -0.5)
  /// An industry's: a sector's own storms, felt by its stocks only.
  static let industry = VolatilityProfile(variance: 0.04, leverage: -0.25)
  /// A company's own.
  static let own = VolatilityProfile(variance: 0.07, leverage: -0.35)

  /// The log-volatility is the sum of three autoregressive parts with these half-lives
  /// in sessions, sharing its variance as `shares`: a sum of short, medium and long
  /// memories makes the autocorrelation of |returns| decay slowly, over months, as
  /// real markets' does, where a single one would decay geometrically within weeks.
  static let halfLives = [2.0, 20.0, 250.0]
  static let shares = [0.25, 0.35, 0.40]
  /// Each part's persistence per session: 2^(−1 / half-life).
  static let persistence = halfLives.map { DeterministicMath.exp(-0.693_147_180_559_945_3 / $0) }

  /// The log-volatilities of the market, an industry and a company add up; their
  /// variances do too.
  static let totalVariance = market.variance + industry.variance + own.variance
}

/// One factor's shocks and volatility for every session of the calendar: the market's,
/// an industry's or a company's own. A stock's return mixes the three factors' shocks,
/// scaled by the product of their volatilities (`PriceModel`).
///
/// The volatility is a recursion over the sessions, so the series is built once, from
/// the calendar's first session, and kept (`SimulatedSeriesCache`); every session costs
/// a few noise draws and no session depends on anything but the seed.
struct FactorSeries: Sendable {
  /// Unit-variance Student-t shocks of each session's night (the previous close to the
  /// open) and day (the open to the close).
  let night: [Double]
  let day: [Double]
  /// The factor's log-volatility at each session, mean zero: decided before the
  /// session, from the sessions before it.
  let logVolatility: [Double]

  init(noise: DeterministicNoise, sessions: Int, profile: VolatilityProfile) {
    let shocks = noise.stream("shocks")
    let updates = noise.stream("volatility")
    let persistence = VolatilityProfile.persistence
    let scales = zip(VolatilityProfile.shares, persistence).map { share, phi in
      (profile.variance * share * (1 - phi * phi)).squareRoot()
    }
    let independent = (1 - profile.leverage * profile.leverage).squareRoot()
    let nightWeight = PriceModel.nightShare.squareRoot()
    let dayWeight = (1 - PriceModel.nightShare).squareRoot()
    var night = [Double](repeating: 0, count: sessions)
    var day = [Double](repeating: 0, count: sessions)
    var logVolatility = [Double](repeating: 0, count: sessions)
    var parts = [0.0, 0.0, 0.0]
    for session in 0..<sessions {
      night[session] = shocks.studentT(2 * session)
      day[session] = shocks.studentT(2 * session + 1)
      logVolatility[session] = parts[0] + parts[1] + parts[2]
      // The session's whole shock, held to ±3 so one extreme day cannot blow the
      // volatility up for a year.
      let shock = min(
        max(nightWeight * night[session] + dayWeight * day[session], -3), 3)
      for part in 0..<3 {
        let innovation =
          profile.leverage * shock + independent * updates.normal(3 * session + part)
        parts[part] = persistence[part] * parts[part] + scales[part] * innovation
      }
    }
    self.night = night
    self.day = day
    self.logVolatility = logVolatility
  }
}
