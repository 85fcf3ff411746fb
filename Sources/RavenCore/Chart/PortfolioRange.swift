/// The spans a portfolio's net worth chart offers, as Robinhood's portfolio chart names
/// them: the one list for a portfolio's history (a stock's chart keeps `ChartRange`).
public enum PortfolioRange: String, Sendable, Hashable, Codable, CaseIterable {
  case oneDay = "1D"
  case oneWeek = "1W"
  case oneMonth = "1M"
  case threeMonths = "3M"
  /// Since New York's January 1.
  case yearToDate = "YTD"
  case oneYear = "1Y"
  /// Since the account's first trade.
  case all = "ALL"

  /// How far back the chart looks from the latest session; `.all` is cut to the account's
  /// own beginning by whoever knows it.
  public var lookback: ChartLookback {
    switch self {
    case .oneDay: .tradingDays(1)
    case .oneWeek: .tradingDays(5)
    case .oneMonth: .months(1)
    case .threeMonths: .months(3)
    case .yearToDate: .yearToDate
    case .oneYear: .years(1)
    case .all: .all
    }
  }
}
