import Foundation
import RavenCore
import RavenMarketData

/// Writes the simulated stories of one stock for a run of sessions.
///
/// Every story follows from the session it is about and the history before it, never
/// from the request: a story has the same id, time and text whichever window asks
/// for it, and whatever the time of asking once it is out.
struct NewsDesk {
  /// The most stories a session gets.
  static let storiesPerSession = 3
  /// A move of this many daily standard deviations makes a story.
  static let bigMoveSigmas = 2.0
  /// A volume this many times the 20-session average makes a story.
  static let volumeSpikeRatio: Int64 = 2
  /// A year of sessions, for 52-week highs and lows.
  static let yearSessions = 252
  /// A new 52-week high (or low) makes a story only when the one it beats is at
  /// least this many sessions old, so a run of new highs is one story, not ten.
  static let extremeQuietSessions = 10

  let market: SimulatedMarket
  let stock: StockModel
  /// The sessions to write about; each after the stock's first (a move needs a
  /// previous close).
  let sessions: Range<Int>

  /// Every story about `sessions`, in no particular order; some may be published
  /// after the caller's "now" and must be filtered out.
  func stories() -> [NewsArticle] {
    guard !sessions.isEmpty else { return [] }
    let history = SessionHistory(
      market: market, stock: stock,
      start: max(sessions.lowerBound - Self.yearSessions, stock.firstSession),
      detailedStart: max(sessions.lowerBound - 20, stock.firstSession), end: sessions.upperBound)
    let reports = earningsReports()
    // Dividends and splits are news on the day they are declared, never before.
    let declared = Dictionary(
      grouping: market.schedule(stock).actions, by: \.declarationDate)
    var stories: [NewsArticle] = []
    for session in sessions {
      var events = events(session, history: history, report: reports[session])
      if let report = reports[session] { events.insert(.earnings(report), at: 0) }
      let day = market.calendar.sessions[session].date
      events += (declared[day] ?? []).map(NewsEvent.corporateAction)
      let chosen = events.sorted { $0.rank < $1.rank }.prefix(Self.storiesPerSession)
        .map { (event: $0, publishedAt: publicationTime($0, session: session)) }
        .sorted { $0.publishedAt < $1.publishedAt }
      let date = market.calendar.sessions[session].date
      for (ordinal, story) in chosen.enumerated() {
        let text = NewsWriter(company: stock.company, calendar: market.calendar)
          .write(story.event)
        stories.append(
          NewsArticle(
            id: Self.id(stock.company.symbol, date, ordinal + 1), symbol: stock.company.symbol,
            headline: text.headline, summary: text.summary, source: SimulatedMarket.newsSource,
            url: nil, imageURL: nil, publishedAt: story.publishedAt, category: "company"))
      }
    }
    return stories
  }

  /// `sim-AAPL-20261120-1`: the symbol, the session's day and the story's place in it.
  static func id(_ symbol: Symbol, _ date: MarketDate, _ ordinal: Int) -> String {
    SimulatedStoryID(symbol: symbol, date: date, ordinal: ordinal).description
  }

  /// The events of `session` other than earnings.
  private func events(_ session: Int, history: SessionHistory, report: EarningsReport?)
    -> [NewsEvent]
  {
    guard let figures = history.figures(session) else { return [] }
    let previousClose = history.close(session - 1, at: session)
    let change = Double(figures.close) / Double(previousClose) - 1
    let move = DayMove(
      session: session, date: market.calendar.sessions[session].date,
      previousClose: previousClose, close: figures.close, volume: figures.volume,
      averageVolume: history.averageVolume(before: session, count: 20),
      sigmas: change / stock.dailyVolatility, report: report)
    var events: [NewsEvent] = []
    if move.sigmas.magnitude >= Self.bigMoveSigmas {
      events.append(.bigMove(move))
    } else if let average = move.averageVolume, move.volume >= Self.volumeSpikeRatio * average {
      events.append(.volumeSpike(move, averageVolume: average))
    }
    if let extreme = yearExtreme(move, history: history) { events.append(extreme) }
    if let change = ratingChange(session) { events.append(change) }
    if let week = weekMove(session, history: history) { events.append(.weeklyRecap(week)) }
    if !events.contains(where: \.tellsTheDaysMove), events.isEmpty || report != nil {
      events.append(.closingMove(move))
    }
    return events
  }

  /// A close above every close of the year before (or below every one), once the
  /// stock has traded for a year. Only the first of a run makes a story: a stock
  /// setting new highs day after day gets one when the previous high is two weeks old.
  private func yearExtreme(_ move: DayMove, history: SessionHistory) -> NewsEvent? {
    let year = (move.session - Self.yearSessions)..<move.session
    guard year.lowerBound >= stock.firstSession,
      let high = history.extremeClose(in: year, highest: true, at: move.session),
      let low = history.extremeClose(in: year, highest: false, at: move.session)
    else { return nil }
    let extreme: YearExtreme
    if move.close > high.cents {
      extreme = YearExtreme(
        isHigh: true, previousSession: high.session, previousCents: high.cents,
        oppositeCents: low.cents)
    } else if move.close < low.cents {
      extreme = YearExtreme(
        isHigh: false, previousSession: low.session, previousCents: low.cents,
        oppositeCents: high.cents)
    } else {
      return nil
    }
    guard move.session - extreme.previousSession >= Self.extremeQuietSessions else { return nil }
    return .yearExtreme(move, extreme)
  }

  /// On the first session of a month: the month's ratings against the month before,
  /// when the share of buy ratings moved by 8 points or more or the consensus changed.
  private func ratingChange(_ session: Int) -> NewsEvent? {
    let sessions = market.calendar.sessions
    let month = CalendarMonth(containing: sessions[session].date)
    guard !stock.company.isFund, session > 0,
      CalendarMonth(containing: sessions[session - 1].date) != month,
      let listed = market.firstTradingDay(stock),
      month.advanced(by: -1) >= CalendarMonth(containing: listed)
    else { return nil }
    let current = market.recommendationTrend(stock, month: month)
    let previous = market.recommendationTrend(stock, month: month.advanced(by: -1))
    // Compare bullish ÷ total in integers: |Δ| ≥ 0.08 ⇔ |a·t′ − a′·t| · 25 ≥ 2 · t · t′.
    let shift = current.bullish * previous.total - previous.bullish * current.total
    guard
      shift.magnitude * 25 >= 2 * current.total * previous.total
        || current.consensus != previous.consensus
    else { return nil }
    return .ratingChange(previous: previous, current: current)
  }

  /// On the last session of a week: the week's move from the previous week's close.
  private func weekMove(_ session: Int, history: SessionHistory) -> WeekMove? {
    let sessions = market.calendar.sessions
    let week = Self.weekStart(sessions[session].date)
    guard session + 1 == sessions.count || Self.weekStart(sessions[session + 1].date) != week
    else { return nil }
    var first = session
    while first > stock.firstSession, Self.weekStart(sessions[first - 1].date) == week {
      first -= 1
    }
    guard first > stock.firstSession, first - 1 >= history.start else { return nil }
    let days = (first...session).compactMap { history.figures($0, at: session) }
    guard days.count == session - first + 1, let last = days.last else { return nil }
    return WeekMove(
      firstDate: sessions[first].date, lastDate: sessions[session].date,
      previousClose: history.close(first - 1, at: session), close: last.close,
      high: days.map(\.high).max() ?? last.high, low: days.map(\.low).min() ?? last.low)
  }

  /// The day number of the Monday of `date`'s week.
  private static func weekStart(_ date: MarketDate) -> Int {
    date.dayNumber - (date.weekday.rawValue + 6) % 7
  }

  /// Reports that came out on one of `sessions`, by session.
  private func earningsReports() -> [Int: EarningsReport] {
    let sessions = market.calendar.sessions
    // Reports come at most ~7 weeks after a quarter ends, so within the next quarter.
    let firstQuarter = FiscalQuarter(containing: sessions[self.sessions.lowerBound].date)
      .previous.previous
    let lastQuarter = FiscalQuarter(containing: sessions[self.sessions.upperBound - 1].date)
    var reports: [Int: EarningsReport] = [:]
    for index in firstQuarter.index...lastQuarter.index {
      if let report = market.earningsReport(stock, quarter: FiscalQuarter(index: index)),
        self.sessions.contains(report.session)
      {
        reports[report.session] = report
      }
    }
    return reports
  }

  /// When a story about `event` on `session` goes out, New York time: earnings and
  /// rating changes before the open, stories about the close after it.
  private func publicationTime(_ event: NewsEvent, session index: Int) -> Date {
    let session = market.calendar.sessions[index]
    let draws = market.content("news", stock).stream(index)
    let minutes: Int
    switch event {
    case .earnings(let report):
      return report.publishedAt
    case .ratingChange:
      let minute = draws.integer(0, in: 0...45)
      return market.calendar.timeZone.instant(
        on: session.date, secondsSinceMidnight: (8 * 60 + 30 + minute) * 60)
    case .corporateAction:
      // A company's press release, before the open of the day it declares.
      let minute = draws.integer(6, in: 0...25)
      return market.calendar.timeZone.instant(
        on: session.date, secondsSinceMidnight: (8 * 60 + minute) * 60)
    case .bigMove: minutes = draws.integer(1, in: 4...20)
    case .yearExtreme: minutes = draws.integer(2, in: 25...40)
    case .volumeSpike: minutes = draws.integer(3, in: 45...60)
    case .weeklyRecap: minutes = draws.integer(4, in: 90...120)
    case .closingMove: minutes = draws.integer(5, in: 2...15)
    }
    return session.close.addingTimeInterval(TimeInterval(minutes * 60))
  }
}
