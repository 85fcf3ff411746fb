import Foundation
import RavenCore
import RavenMarketData

/// The simulated market's price process: a pure function of (seed, stock, time).
///
/// Each session's return is decided first (`dailySeries`): an overnight gap and an
/// open-to-close move, each a mix of the market's, the stock's industry's and its own
/// Student-t shocks (`FactorSeries`), scaled by a volatility that clusters, remembers
/// for months and rises after falls; earnings reports move the stock at the open, with
/// their surprise more often than not. The session's high and low follow in closed form,
/// and its minutes are drawn last, to fit them exactly (`SessionPath`).
struct PriceModel: Sendable {
  let noise: DeterministicNoise
  let calendar: NYSECalendar

  /// The share of a session's variance that comes overnight (close to open), about
  /// what large US stocks show.
  static let nightShare = 0.2
  /// How fast a price returns toward its trend, per session: a half-life of about three
  /// years. Daily moves stay random, but over decades a price wanders around its drift
  /// instead of drifting off to a cent or a fortune as a pure random walk would.
  static let reversionRate = 1 - DeterministicMath.exp(-0.693_147_180_559_945_3 / 756)

  /// How often the stock moves the way its earnings surprise points.
  static let earningsAgreement = 0.7
  /// The mean of an earnings reaction before centring, in σ: most reports beat the
  /// estimate, so the market expects a beat and prices it in. From the surprise
  /// distribution (`SimulatedMarket.surprise`): beats 0.7 × 0.4 × (1.6 + 15 × 0.05),
  /// misses 0.2 × (−0.4) × (1.6 + 15 × 0.08), in-line reports 0 by symmetry.
  static let expectedEarningsReaction = 0.434

  init(seed: UInt64, calendar: NYSECalendar) {
    self.noise = DeterministicNoise(seed: seed)
    self.calendar = calendar
  }

  /// The whole market's factor: shared by every stock.
  func marketFactor() -> FactorSeries {
    FactorSeries(noise: noise.stream("market"), sessions: calendar.sessions.count, profile: .market)
  }

  /// The factor of the industry whose stocks draw from `noise` (`StockModel.industryNoise`).
  func industryFactor(_ noise: DeterministicNoise) -> FactorSeries {
    FactorSeries(noise: noise, sessions: calendar.sessions.count, profile: .industry)
  }

  /// The price in cents at a log level of the model's (adjusted) series, times `factor`
  /// (`CorporateActionSchedule`: 1 for the model's own price, the session's raw factor
  /// for the price as it traded): never below one cent.
  func cents(_ stock: StockModel, level: Double, factor: Double) -> Int64 {
    max(1, Int64((stock.referenceCents * DeterministicMath.exp(level) * factor).rounded()))
  }

  /// The stock's reaction to an earnings surprise at the open, in units of the
  /// session's σ: two to four of them, in the surprise's direction 70 % of the time,
  /// larger for larger surprises, and zero on average.
  func earningsReaction(_ stock: StockModel, session: Int, surprise: Double) -> Double {
    let draws = stock.symbolNoise.stream("earnings").stream(session)
    var direction: Double = surprise < 0 ? -1 : 1
    if draws.uniform(0) >= Self.earningsAgreement { direction = -direction }
    let size = (1.6 + 15 * surprise.magnitude) * draws.value(1, in: 0.5...1.5)
    return direction * size - Self.expectedEarningsReaction
  }
}
