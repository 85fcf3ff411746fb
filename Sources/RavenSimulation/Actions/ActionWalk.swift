import RavenCore
import RavenMarketData

/// The two walks that place one security's actions around its anchor and fix the raw
/// price factor of every session (`CorporateActionSchedule`). Prices are in cents, as
/// Doubles: the model's close times the factor is the raw close.
struct ActionWalk {
  let stock: StockModel
  let series: DailySeries
  let calendar: NYSECalendar
  let traits: DeterministicNoise
  let policy: DividendPolicy?
  let anchor: Int
  /// Raw cents above which the company splits its shares.
  let ceiling: Double
  /// Raw cents under which, seen from the past, the company had split since: a price
  /// that rose this far would have split on its way up. A fifth of the anchor's price at
  /// most, so that only a stock that rose fivefold splits before it.
  let floor: Double
  /// The ex-date sessions of the company's dividends, each marked special or regular.
  let dividendSessions: [Int: Bool]

  private(set) var actions: [CorporateAction] = []
  /// Raw ÷ model, per session, as the splits and the dividends make it.
  private var factor: [ActionFactor]
  /// The dividend per share in cents, and the year it was set for.
  private var rate: (cents: Int, year: Int)?
  /// The rate the backward walk met first (the anchor's year): the forward walk's start.
  private var anchorRate: (cents: Int, year: Int)?

  init(
    stock: StockModel, series: DailySeries, calendar: NYSECalendar, traits: DeterministicNoise,
    policy: DividendPolicy?
  ) {
    self.stock = stock
    self.series = series
    self.calendar = calendar
    self.traits = traits
    self.policy = policy
    let count = series.closeLevels.count
    anchor = min(stock.anchorSession, count - 1)
    // Companies split somewhere between $300 and $1,000, never below twice where they
    // stand at the anchor (a $3,000 stock that never split stays one).
    ceiling = max(traits.value(0, in: 30_000...100_000), 2 * stock.referenceCents)
    floor = min(ceiling / 8, stock.referenceCents / 5)
    factor = [ActionFactor](repeating: .one, count: count)
    dividendSessions = Self.dividendSessions(
      policy, traits: traits, calendar: calendar, after: stock.firstSession, count: count)
  }

  /// The model's close of `session` in cents.
  func modelClose(_ session: Int) -> Double {
    stock.referenceCents * DeterministicMath.exp(series.closeLevels[session])
  }

  func date(_ session: Int) -> MarketDate { calendar.sessions[session].date }

  // MARK: - The walks

  /// From the anchor back to the first session: each ex-date's raw close before it is
  /// the model's close times the factor already fixed after it, plus a dividend, or times
  /// a split's ratio where the price would otherwise sink below the band.
  mutating func backward() {
    var current = ActionFactor.one
    guard anchor > stock.firstSession else { return }
    for session in stride(from: anchor - 1, through: 0, by: -1) {
      let exDate = session + 1
      if exDate > stock.firstSession {
        let close = modelClose(session) * current.raw
        if let special = dividendSessions[exDate] {
          let cents = dividend(at: exDate, rawClose: close, special: special, forward: false)
          current.dividend *= (close + Double(cents)) / close
        } else if close < floor, let ratio = Self.forwardRatio(lifting: close, under: ceiling) {
          split(exDate, SplitRatio(new: ratio, old: 1)!, declared: nil)
          current.split *= Double(ratio)
        } else if close > ceiling * Self.collapse {
          // A price this far above the band, seen from the past, is a company that
          // collapsed since: it would have split in reverse on its way down. (A stock
          // that only drifted above the band, as a real one may, keeps its price.)
          let ratio = Self.reverseRatio(lowering: close, above: floor * 2)
          split(exDate, SplitRatio(new: 1, old: ratio)!, declared: nil)
          current.split /= Double(ratio)
        }
      }
      factor[session] = current
    }
  }

  /// From the anchor forward: a dividend lowers the raw price by its cents at the open of
  /// its ex-date; a close above the band announces a forward split, twenty sessions under
  /// a dollar a reverse one, each weeks ahead.
  mutating func forward() {
    let count = factor.count
    var current = ActionFactor.one
    var pending: (exDate: Int, multiplier: Double)?
    var sessionsUnder = 0
    rate = anchorRate
    for session in (anchor + 1)..<max(count, anchor + 1) {
      if let special = dividendSessions[session] {
        let close = modelClose(session - 1) * current.raw
        let cents = dividend(at: session, rawClose: close, special: special, forward: true)
        current.dividend *= (close - Double(cents)) / close
      }
      if let split = pending, split.exDate == session {
        current.split *= split.multiplier
        pending = nil
      }
      factor[session] = current
      let close = modelClose(session) * current.raw
      sessionsUnder = close < CorporateActionSchedule.delistingCents ? sessionsUnder + 1 : 0
      guard pending == nil, session + 1 < count else { continue }
      if close > ceiling {
        let ratio = Self.forwardRatio(lowering: close, under: ceiling)
        let exDate = freeSession(
          after: session, gap: traits.stream("split").integer(session, in: 20...40))
        guard exDate < count else { continue }
        split(exDate, SplitRatio(new: ratio, old: 1)!, declared: session + 1)
        pending = (exDate, 1 / Double(ratio))
      } else if sessionsUnder >= CorporateActionSchedule.sessionsUnderDelisting {
        let ratio = Self.reverseRatio(lifting: close)
        let exDate = freeSession(
          after: session, gap: traits.stream("split").integer(session, in: 10...25))
        guard exDate < count else { continue }
        split(exDate, SplitRatio(new: 1, old: ratio)!, declared: session + 1)
        pending = (exDate, Double(ratio))
        sessionsUnder = 0
      }
    }
  }

  /// The first trading day on or after `day` (the calendar's last beyond its end).
  private func firstSession(onOrAfter day: MarketDate) -> MarketDate {
    let index = calendar.sessionIndices(from: day, through: day.adding(days: 10)).first
    return date(index ?? factor.count - 1)
  }

  /// The first session `gap` sessions after `session` that is no dividend's ex-date.
  private func freeSession(after session: Int, gap: Int) -> Int {
    var exDate = session + gap
    while dividendSessions[exDate] != nil { exDate += 1 }
    return exDate
  }

  // MARK: - Actions

  /// The dividend with ex-date `exDate`, recorded; its cents.
  private mutating func dividend(
    at exDate: Int, rawClose close: Double, special: Bool, forward: Bool
  )
    -> Int
  {
    let regular = regularRate(at: exDate, rawClose: close, forward: forward)
    let draws = traits.stream("dividend").stream(exDate)
    // A special dividend is one to three regular ones; never more than a tenth of the price.
    let cents = special ? Int((Double(regular) * draws.value(0, in: 1...3)).rounded()) : regular
    let paid = max(1, min(cents, Int(close / 10)))
    let ex = date(exDate)
    // T+1 settlement from 2024-05-28: the record date is the ex-date; before it, the next
    // business day.
    let record =
      ex >= Self.tPlusOne ? exDate : min(exDate + 1, factor.count - 1)
    // Paid one to four weeks after the record date, on a business day.
    let payable = firstSession(onOrAfter: date(record).adding(days: draws.integer(1, in: 7...25)))
    actions.append(
      CorporateAction(
        symbol: stock.company.symbol,
        kind: .cashDividend(rate: Price(cents: Int64(paid)), special: special),
        declarationDate: date(max(exDate - draws.integer(2, in: 10...30), 0)), exDate: ex,
        recordDate: date(record), payableDate: payable))
    return paid
  }

  /// The regular dividend in cents at `exDate`: set once a year, raised most years (undone
  /// walking back), and reset to the company's yield when the price has left it far behind.
  private mutating func regularRate(at exDate: Int, rawClose close: Double, forward: Bool) -> Int {
    // Only a payer's sessions are ex-dates.
    guard let policy else { return 1 }
    let year = date(exDate).year
    let payments = Double(policy.paymentsPerYear)
    let target = max(1, Int((policy.targetYield * close / payments).rounded()))
    guard var current = rate else {
      rate = (target, year)
      anchorRate = anchorRate ?? rate
      return target
    }
    guard year != current.year else { return current.cents }
    // The raise at the start of the later year of the two.
    let raise = growth(in: forward ? year : current.year)
    let moved = forward ? Double(current.cents) * (1 + raise) : Double(current.cents) / (1 + raise)
    current = (max(1, Int(moved.rounded())), year)
    let yield = Double(current.cents) * payments / close
    if yield < policy.targetYield / 2 || yield > policy.targetYield * 2 {
      current.cents = target
    }
    rate = current
    return current.cents
  }

  /// The raise a payer gives at the start of `year`: none some years, 2–10 % most.
  private func growth(in year: Int) -> Double {
    let draws = traits.stream("growth").stream(year)
    return draws.uniform(0) < 0.15 ? 0 : draws.value(1, in: 0.02...0.10)
  }

  private mutating func split(_ exDate: Int, _ ratio: SplitRatio, declared: Int?) {
    let draws = traits.stream("split-dates").stream(exDate)
    let declaration = declared ?? max(exDate - draws.integer(0, in: 20...40), 0)
    // A forward split's new shares go out the session before its ex-date, to holders of
    // record a week or two earlier; a reverse split takes effect at its ex-date's open.
    let record = ratio.isReverse ? exDate : max(exDate - draws.integer(1, in: 5...10), declaration)
    let payable = ratio.isReverse ? exDate : max(exDate - 1, record)
    actions.append(
      CorporateAction(
        symbol: stock.company.symbol, kind: .split(ratio), declarationDate: date(declaration),
        exDate: date(exDate), recordDate: date(record), payableDate: date(payable)))
  }

  // MARK: - The result

  func schedule() -> CorporateActionSchedule {
    var starts: [Int] = []
    var factors: [ActionFactor] = []
    for (session, value) in factor.enumerated() where factors.last != value {
      starts.append(session)
      factors.append(value)
    }
    return CorporateActionSchedule(
      actions: actions.sorted { $0.exDate < $1.exDate }, factorStarts: starts, factors: factors)
  }

  static let tPlusOne = MarketDate(year: 2024, month: 5, day: 28)!

  /// How far above the band's ceiling a price seen from the past must be for the walk back
  /// to place a reverse split: only a collapse since explains that.
  static let collapse = 3.0

  /// The largest ratio that lifts `close` (seen from the past) no higher than six tenths
  /// of the band's ceiling.
  static func forwardRatio(lifting close: Double, under ceiling: Double) -> Int? {
    CorporateActionSchedule.forwardRatios.last { close * Double($0) <= ceiling * 0.6 }
  }

  /// The smallest ratio that brings `close` to under six tenths of the ceiling.
  static func forwardRatio(lowering close: Double, under ceiling: Double) -> Int {
    CorporateActionSchedule.forwardRatios.first { close / Double($0) <= ceiling * 0.6 }
      ?? CorporateActionSchedule.forwardRatios.last!
  }

  /// The largest reverse ratio that leaves `close` (seen from the past) above `bound`.
  static func reverseRatio(lowering close: Double, above bound: Double) -> Int {
    CorporateActionSchedule.reverseRatios.last { close / Double($0) >= bound }
      ?? CorporateActionSchedule.reverseRatios[0]
  }

  /// The smallest reverse ratio that lifts `close` to $5 or more.
  static func reverseRatio(lifting close: Double) -> Int {
    CorporateActionSchedule.reverseRatios.first { close * Double($0) >= 500 }
      ?? CorporateActionSchedule.reverseRatios.last!
  }

  /// The ex-date sessions of every dividend `policy` pays after `first`: its months' first
  /// session on or after its day, and a special one in about one year in fifty.
  static func dividendSessions(
    _ policy: DividendPolicy?, traits: DeterministicNoise, calendar: NYSECalendar, after first: Int,
    count: Int
  ) -> [Int: Bool] {
    guard let policy else { return [:] }
    var sessions: [Int: Bool] = [:]
    func session(_ year: Int, _ month: Int, _ day: Int) -> Int? {
      guard let date = MarketDate(year: year, month: month, day: day) else { return nil }
      let index = calendar.sessionIndices(from: date, through: date.adding(days: 10)).first
      return index.flatMap { $0 > first && $0 < count ? $0 : nil }
    }
    for year in policy.firstYear...NYSECalendar.lastYear {
      for month in 1...12 where policy.pays(inMonth: month) {
        if let index = session(year, month, policy.exDay) { sessions[index] = false }
      }
      // A special dividend falls in a month the company does not otherwise pay in.
      let draws = traits.stream("special").stream(year)
      if policy.paymentsPerYear < 12, draws.uniform(0) < 0.02,
        let month = (1...12).first(where: { !policy.pays(inMonth: $0) }),
        let index = session(year, month, 15), sessions[index] == nil
      {
        sessions[index] = true
      }
    }
    return sessions
  }
}
