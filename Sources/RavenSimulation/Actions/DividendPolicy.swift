import RavenCore
import RavenMarketData

/// Whether a simulated security pays a dividend, how much and how often: decided once per
/// (symbol, seed) from its profile, as real payers are spread. Utilities, staples, energy,
/// banks, insurers, telecoms and REITs mostly pay 2–5 %; technology about half the time and
/// less; biotech and airlines rarely; a company listed since 2010 less often; about half
/// the universe pays. Funds pay what their holdings pay; leveraged funds nothing.
struct DividendPolicy: Sendable {
  /// Payments a year: 12, 4 or 2.
  let paymentsPerYear: Int
  /// The annual dividend as a fraction of the price the company aims at (0.03: 3 %).
  let targetYield: Double
  /// The first year the company pays.
  let firstYear: Int
  /// Which months it pays in: those `(month − 1) % (12 / paymentsPerYear) == phase`.
  let phase: Int
  /// The day of the month its ex-dates fall on or after (then the next session).
  let exDay: Int

  /// The policy of `company`, or nil when it pays nothing.
  static func of(_ company: Company, traits: DeterministicNoise) -> DividendPolicy? {
    guard let (chance, yields) = profile(company) else { return nil }
    let young = company.ipo.year >= 2010 && !company.isFund
    guard traits.uniform(0) < (young ? chance * 0.4 : chance) else { return nil }
    let payments: Int
    switch company.fund?.basket {
    case .treasuries?: payments = 12
    case .some: payments = 4
    case nil:
      let draw = traits.uniform(1)
      // REITs often pay monthly; a few foreign-style payers twice a year.
      payments =
        company.industry == "Real Estate" && draw < 0.3 ? 12 : draw > 0.97 ? 2 : 4
    }
    // Most old payers have paid since before 2000; some began later (Apple in 2012).
    let listed = max(company.ipo.year + 1, NYSECalendar.firstYear)
    let lateStart = traits.uniform(2) < 0.3 && !company.isFund
    let firstYear =
      lateStart
      ? max(listed, traits.integer(3, in: NYSECalendar.firstYear...2022))
      : max(listed, NYSECalendar.firstYear)
    return DividendPolicy(
      paymentsPerYear: payments, targetYield: traits.value(4, in: yields),
      firstYear: firstYear, phase: traits.integer(5, in: 0...(12 / payments - 1)),
      exDay: traits.integer(6, in: 1...24))
  }

  /// The chance a company pays and the range its yield is drawn from; nil for what never
  /// pays.
  private static func profile(_ company: Company) -> (Double, ClosedRange<Double>)? {
    if let fund = company.fund {
      guard !fund.isLeveraged else { return nil }
      switch fund.basket {
      case .treasuries: return (1, 0.030...0.042)
      case .market: return (1, 0.012...0.016)
      case .smallCompanies: return (1, 0.010...0.014)
      case .industries: return (1, 0.008...0.030)
      }
    }
    switch company.industry {
    case "Real Estate": return (0.95, 0.030...0.060)
    case "Utilities", "Telecommunication", "Tobacco": return (0.95, 0.025...0.055)
    case "Beverages", "Food Products", "Consumer products", "Energy", "Banking", "Insurance":
      return (0.85, 0.018...0.045)
    case "Technology", "Semiconductors": return (0.4, 0.004...0.022)
    case "Biotechnology", "Airlines": return (0.1, 0.008...0.02)
    default: return (0.5, 0.006...0.03)
    }
  }

  /// Whether the company pays in `month` (1–12).
  func pays(inMonth month: Int) -> Bool {
    (month - 1) % (12 / paymentsPerYear) == phase
  }
}
