import Foundation
import RavenCore
import RavenMarketData

/// Something in the simulated data worth a story, found on one session.
///
/// The cases are in order of importance: when a day has more events than the desk
/// writes stories for, the first ones win.
enum NewsEvent {
  /// A quarterly report came out before the session's opening bell.
  case earnings(EarningsReport)
  /// The close moved at least two daily standard deviations.
  case bigMove(DayMove)
  /// The close was the highest (or lowest) in 52 weeks.
  case yearExtreme(DayMove, YearExtreme)
  /// The month's analyst ratings differ clearly from the month before.
  case ratingChange(previous: RecommendationTrend, current: RecommendationTrend)
  /// Far more shares traded than usual on an otherwise ordinary day.
  case volumeSpike(DayMove, averageVolume: Int64)
  /// The last session of a week: how the week went.
  case weeklyRecap(WeekMove)
  /// Any other session: how the stock closed. Every session has at least this story,
  /// as a brokerage news feed always has the day's close.
  case closingMove(DayMove)
  /// A dividend or a split declared before this session's open.
  case corporateAction(CorporateAction)

  /// Lower is more important. On a report day the day's move is the market's answer to
  /// the report, so whichever story tells it ranks next to the report's own.
  var rank: Int {
    switch self {
    case .earnings: 0
    case .bigMove: 1
    case .yearExtreme: 2
    case .ratingChange: 3
    case .volumeSpike(let move, _): move.report == nil ? 4 : 1
    case .weeklyRecap: 5
    case .closingMove(let move): move.report == nil ? 6 : 1
    case .corporateAction: 1
    }
  }

  /// Whether the story tells the day's move (and so, on a report day, the answer to it).
  var tellsTheDaysMove: Bool {
    switch self {
    case .bigMove, .volumeSpike, .closingMove: true
    case .earnings, .yearExtreme, .ratingChange, .weeklyRecap, .corporateAction: false
    }
  }
}

/// One finished session's move from the previous close, in cents and shares.
struct DayMove {
  var session: Int
  var date: MarketDate
  var previousClose: Int64
  var close: Int64
  var volume: Int64
  /// The mean volume of the 20 sessions before, when the stock traded that long.
  var averageVolume: Int64?
  /// close ÷ previous close − 1, in the stock's daily standard deviations.
  var sigmas: Double
  /// The earnings report that came out before this session's open, if one did: the day's
  /// move is (in part) the market's answer to it.
  var report: EarningsReport? = nil
}

/// A close beyond every close of the 52 weeks before it.
struct YearExtreme {
  var isHigh: Bool
  /// The session and close of the extreme it surpassed.
  var previousSession: Int
  var previousCents: Int64
  /// The close at the other end of the year's range (the low for a new high).
  var oppositeCents: Int64
}

/// A finished week's move from the previous week's last close.
struct WeekMove {
  var firstDate: MarketDate
  var lastDate: MarketDate
  var previousClose: Int64
  var close: Int64
  var high: Int64
  var low: Int64
}

extension RecommendationTrend {
  var total: Int { strongBuy + buy + hold + sell + strongSell }

  /// Analysts rating the stock a buy or a strong buy.
  var bullish: Int { strongBuy + buy }

  /// The consensus by mean rating (1 = strong buy … 5 = strong sell), as brokerage
  /// apps label it.
  var consensus: String {
    guard total > 0 else { return "No rating" }
    let points = strongBuy + 2 * buy + 3 * hold + 4 * sell + 5 * strongSell
    // Compare points ÷ total with the midpoints 1.5, 2.5, … in integers.
    switch 2 * points {
    case ...(3 * total): return "Strong Buy"
    case ...(5 * total): return "Buy"
    case ...(7 * total): return "Hold"
    case ...(9 * total): return "Sell"
    default: return "Strong Sell"
    }
  }
}
