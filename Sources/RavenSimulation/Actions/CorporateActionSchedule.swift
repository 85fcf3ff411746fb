import RavenCore
import RavenMarketData

/// One security's splits and dividends, and the raw price they make of the model's series.
///
/// The model's series is the adjusted (total-return) history. The raw price is that series
/// times a factor that changes only at ex-dates, fixed by an anchor: at the close of the
/// model's calibration session (where the company's reference price applies) the factor is
/// 1, so raw and adjusted prices agree there and price levels stay plausible. The actions
/// before the anchor are placed walking back from it, those after walking forward; each
/// step reads only the factor its walk has already fixed, never its own result.
///
/// - A dividend of D cents: the raw close before its ex-date is the adjusted close (in the
///   ex-date's raw terms) plus D, so the raw price opens lower by exactly the dividend.
/// - A forward split of r: raw prices before it are r times those after. Walking back, a
///   split goes where the raw price would otherwise sink below the company's band; walking
///   forward, where it rises above it, announced weeks ahead.
/// - A reverse split of 1:k: after twenty sessions under a dollar, announced weeks ahead.
struct CorporateActionSchedule: Sendable {
  /// In ex-date order.
  let actions: [CorporateAction]
  /// The sessions from which each factor applies, ascending; the first is 0.
  private let factorStarts: [Int]
  /// Raw price ÷ the model's price, from the session of the same index in `factorStarts`.
  private let factors: [Double]

  /// Raw price ÷ the model's price in `session`.
  func rawFactor(session: Int) -> Double {
    // The last segment starting at or before the session: a binary search.
    var low = 0
    var high = factorStarts.count
    while high - low > 1 {
      let middle = (low + high) / 2
      if factorStarts[middle] <= session { low = middle } else { high = middle }
    }
    return factors[low]
  }

  init(actions: [CorporateAction], factorStarts: [Int], factors: [Double]) {
    self.actions = actions
    self.factorStarts = factorStarts
    self.factors = factors
  }
}

extension CorporateActionSchedule {
  /// Split ratios a company picks from, smallest first.
  static let forwardRatios = [2, 3, 4, 5, 10, 20]
  static let reverseRatios = [5, 10, 20, 50, 100]
  /// Raw cents under which a stock is at risk of delisting, and how many sessions there
  /// make it split in reverse.
  static let delistingCents = 100.0
  static let sessionsUnderDelisting = 20

  /// The schedule of `stock`, whose model closes are `series`.
  init(
    stock: StockModel, series: DailySeries, calendar: NYSECalendar, noise: DeterministicNoise
  ) {
    let traits = noise.stream("actions").stream(stock.company.symbol.rawValue)
    var walk = ActionWalk(
      stock: stock, series: series, calendar: calendar, traits: traits,
      policy: DividendPolicy.of(stock.company, traits: traits.stream("dividend-policy")))
    walk.backward()
    walk.forward()
    self = walk.schedule()
  }
}
