import Foundation
import RavenCore
import RavenMarketData

extension SimulatedMarket {
  /// How many reported quarters `earnings(for:asOf:)` returns.
  public static let earningsQuarters = 4

  /// The last four quarters whose simulated report was out at `now`, newest first.
  ///
  /// Each quarter's EPS follows from the stock's average simulated price over the
  /// quarter and a price-to-earnings ratio typical of its industry (a few companies,
  /// mostly in biotech, lose money). The consensus estimate is usually beaten by a
  /// few percent and sometimes missed. A quarter is reported 3 to 6 weeks after it
  /// ends (the fourth a little later), before the opening bell; until then it is not
  /// returned. Empty before the stock's first trading day. The stock reacts at that
  /// session's open (`PriceModel.earningsReaction`).
  public func earnings(for symbol: Symbol, asOf now: Date) throws(MarketDataError)
    -> [EarningsSurprise]
  {
    let stock = try stock(symbol)
    return reportedQuarters(stock, asOf: now, limit: Self.earningsQuarters).map(\.surprise)
  }

  /// Up to `limit` reports out at `now`, newest first.
  func reportedQuarters(_ stock: StockModel, asOf now: Date, limit: Int) -> [EarningsReport] {
    guard listedSession(stock, asOf: now) != nil else { return [] }
    var reports: [EarningsReport] = []
    // The quarter in progress cannot be out; the one before may not be yet (reports
    // come at most ~7 weeks after a quarter ends); every earlier one is.
    var quarter = FiscalQuarter(containing: calendar.timeZone.marketDate(of: now)).previous
    for _ in 0..<(limit + 1) where reports.count < limit {
      guard let report = earningsReport(stock, quarter: quarter) else { break }
      if report.publishedAt <= now { reports.append(report) }
      quarter = quarter.previous
    }
    return reports
  }

  /// The report of `quarter`; `nil` when the stock did not trade during the quarter
  /// or the report day lies outside the calendar.
  func earningsReport(_ stock: StockModel, quarter: FiscalQuarter) -> EarningsReport? {
    guard let timing = earningsTiming(stock, quarter: quarter) else { return nil }
    let estimate = estimatedEPS(stock, quarter: quarter, sessions: timing.traded)
    let actual = estimate + estimate.magnitude * timing.surprise
    let surprise = EarningsSurprise(
      symbol: stock.company.symbol, period: quarter.lastDay, year: quarter.year,
      quarter: quarter.quarter, actual: EarningsFundamentals.cents(actual),
      estimate: EarningsFundamentals.cents(estimate), source: Self.attribution.name)
    return EarningsReport(
      quarter: quarter, surprise: surprise, session: timing.session,
      publishedAt: timing.publishedAt)
  }

  /// When `quarter`'s report comes out and how far it lands from the estimate, with no
  /// price involved: the price series reacts to these (`earningsSurprises`), while the
  /// estimate itself follows from the prices.
  private func earningsTiming(_ stock: StockModel, quarter: FiscalQuarter) -> EarningsTiming? {
    // A fund has no earnings of its own.
    guard !stock.company.isFund else { return nil }
    let traits = content("earnings", stock)
    let draws = traits.stream(quarter.index)
    // A company reports at about the same time each quarter, 3 to 6 weeks after it
    // ends; the annual (Q4) report takes a few days longer.
    let lag =
      traits.integer(0, in: 21...34) + draws.integer(0, in: 0...4) + (quarter.quarter == 4 ? 5 : 0)
    let quarterSessions = calendar.sessionIndices(from: quarter.firstDay, through: quarter.lastDay)
    let firstTraded = max(quarterSessions.lowerBound, stock.firstSession)
    guard firstTraded < quarterSessions.upperBound,
      quarter.firstDay >= calendar.coveredDates.lowerBound,
      let session = calendar.firstSessionIndex(onOrAfter: quarter.lastDay.adding(days: lag))
    else { return nil }
    let minutes = draws.integer(1, in: 0...75)  // 07:00 to 08:15, before the bell
    let publishedAt = calendar.timeZone.instant(
      on: calendar.sessions[session].date, secondsSinceMidnight: 7 * 3600 + minutes * 60)
    return EarningsTiming(
      session: session, publishedAt: publishedAt, traded: firstTraded..<quarterSessions.upperBound,
      surprise: surprise(draws))
  }

  /// Every report's surprise (actual ÷ estimate − 1) by the session it came out before,
  /// over the whole calendar: what the price series reacts to at those sessions' opens.
  func earningsSurprises(_ stock: StockModel) -> [Int: Double] {
    guard let first = calendar.sessions.first?.date, let last = calendar.sessions.last?.date
    else { return [:] }
    var surprises: [Int: Double] = [:]
    for index in FiscalQuarter(containing: first).index...FiscalQuarter(containing: last).index {
      if let timing = earningsTiming(stock, quarter: FiscalQuarter(index: index)) {
        surprises[timing.session] = timing.surprise
      }
    }
    return surprises
  }

  /// The consensus EPS in dollars: the quarter's average price over the industry's
  /// P/E (scaled by the company's own premium), a quarter of a year's profit.
  private func estimatedEPS(_ stock: StockModel, quarter: FiscalQuarter, sessions: Range<Int>)
    -> Double
  {
    let traits = content("earnings", stock)
    let draws = traits.stream(quarter.index)
    // Four closes spread over the quarter stand for its average price.
    let step = Double(sessions.count - 1) / 3
    let samples = (0...3).map { sessions.lowerBound + Int((Double($0) * step).rounded()) }
    // In the shares of the quarter's end, as the EPS is per those shares.
    let last = sessions.upperBound - 1
    let price =
      Double(samples.reduce(0) { $0 + closeCents(stock, session: $1, splitsAsOf: last) }) / 400
    let industry = stock.company.industry
    if traits.uniform(1) < EarningsFundamentals.lossProbability(industry) {
      return -price * traits.value(2, in: 0.004...0.02) * draws.value(2, in: 0.8...1.2)
    }
    let ratio = EarningsFundamentals.priceEarningsRatio(industry) * traits.value(3, in: 0.75...1.35)
    return price / ratio / 4 * (1 + 0.05 * draws.normal(3))
  }

  /// actual ÷ estimate − 1 (on the estimate's magnitude): mostly a beat of 1–9%,
  /// sometimes in line, about one quarter in five a miss of 1–15%.
  private func surprise(_ draws: DeterministicNoise) -> Double {
    let kind = draws.uniform(4)
    if kind < 0.7 { return draws.value(5, in: 0.01...0.09) }
    if kind < 0.8 { return draws.value(5, in: -0.004...0.004) }
    return -draws.value(5, in: 0.01...0.15)
  }
}

/// A report's date and surprise, decided before any price (`earningsTiming`).
private struct EarningsTiming {
  let session: Int
  let publishedAt: Date
  /// The sessions of the quarter the stock traded in.
  let traded: Range<Int>
  /// actual ÷ estimate − 1, on the estimate's magnitude.
  let surprise: Double
}
