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
  private let factors: [ActionFactor]

  /// Raw price ÷ the model's price in `session`, split and dividend parts apart.
  func factor(session: Int) -> ActionFactor {
    // The last segment starting at or before the session: a binary search.
    var low = 0
    var high = factorStarts.count
    while high - low > 1 {
      let middle = (low + high) / 2
      if factorStarts[middle] <= session { low = middle } else { high = middle }
    }
    return factors[low]
  }

  /// Raw price ÷ the model's price in `session`.
  func rawFactor(session: Int) -> Double { factor(session: session).raw }

  /// What a raw price of `session` is multiplied by to be adjusted for the actions whose
  /// ex-dates come after it, up to and including session `asOf`: 1 when none does.
  func adjustment(_ adjustment: BarAdjustment, session: Int, asOf: Int) -> ActionFactor {
    guard adjustment != .raw, asOf > session else { return .one }
    let then = factor(session: session)
    let now = factor(session: asOf)
    return ActionFactor(
      split: adjustment.adjustsSplits ? now.split / then.split : 1,
      dividend: adjustment.adjustsDividends ? now.dividend / then.dividend : 1)
  }

  /// Raw price ÷ the model's price for the previous close a quote of `session` compares
  /// with: the previous session's, adjusted for a split at this session's open (a 4:1 split
  /// is not a 75 % fall) but not for a dividend (the price does fall by it).
  func previousCloseFactor(session: Int) -> Double {
    guard session > 0 else { return rawFactor(session: session) }
    let before = factor(session: session - 1)
    return before.dividend * factor(session: session).split
  }

  init(actions: [CorporateAction], factorStarts: [Int], factors: [ActionFactor]) {
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

/// Raw price ÷ the model's price, as the splits and as the dividends make it.
struct ActionFactor: Sendable, Hashable {
  var split: Double
  var dividend: Double

  static let one = ActionFactor(split: 1, dividend: 1)

  /// Both together: what the model's price is multiplied by to be the raw one.
  var raw: Double { split * dividend }
  var isOne: Bool { split == 1 && dividend == 1 }
}

extension ActionFactor {
  /// A volume in the model's shares (those of the anchor) in this factor's shares: more
  /// of them before a forward split, fewer before a reverse one.
  func shares(_ modelVolume: Int64) -> Int64 {
    max(1, Int64((Double(modelVolume) / split).rounded()))
  }
}
