import Foundation

/// The time spans a stock chart offers, as the range buttons under a chart name them.
///
/// A range only describes itself: which bars to draw, how to group them while the finger
/// scrubs, and how far back to look as a calendar span. Turning the span into concrete
/// instants needs the NYSE calendar (holidays, early closes) and happens elsewhere.
///
/// Resolutions are chosen so that each range draws a few hundred points at most, enough
/// for a phone-width line (~390 pt) without downsampling most of them:
///
/// | range | bars | points (approx.) | scrub segment |
/// | --- | --- | --- | --- |
/// | 1D | 1 minute | 390 | hour |
/// | 1W | 5 minutes | 5 × 78 = 390 | day |
/// | 1M | 1 hour | 21 × 7 = 147 | day |
/// | 3M | 1 day | 63 | month |
/// | 1Y | 1 day | 252 | month |
/// | 5Y | 1 week | 260 | year |
/// | MAX | 1 month | 12 a year | year |
///
/// 1M uses hourly bars (as the brokerage apps do) rather than 30-minute ones: 147 points
/// keep the month readable and hourly bars are what Alpaca and Finnhub serve directly.
public enum ChartRange: String, Sendable, Hashable, Codable, CaseIterable {
  /// The latest session.
  case oneDay = "1D"
  /// The last five sessions.
  case oneWeek = "1W"
  case oneMonth = "1M"
  case threeMonths = "3M"
  case oneYear = "1Y"
  case fiveYears = "5Y"
  /// The whole history of the stock.
  case max = "MAX"

  /// The width of the bars the chart draws.
  public var barResolution: BarResolution {
    switch self {
    case .oneDay: .minute
    case .oneWeek: .fiveMinutes
    case .oneMonth: .hour
    case .threeMonths, .oneYear: .day
    case .fiveYears: .week
    case .max: .month
    }
  }

  /// The part of the chart highlighted around the point under the finger.
  public var segmentUnit: ChartSegmentUnit {
    switch self {
    case .oneDay: .hour
    case .oneWeek, .oneMonth: .day
    case .threeMonths, .oneYear: .month
    case .fiveYears, .max: .year
    }
  }

  /// How far back the chart looks from the latest session.
  public var lookback: ChartLookback {
    switch self {
    case .oneDay: .tradingDays(1)
    case .oneWeek: .tradingDays(5)
    case .oneMonth: .months(1)
    case .threeMonths: .months(3)
    case .oneYear: .years(1)
    case .fiveYears: .years(5)
    case .max: .all
    }
  }
}
