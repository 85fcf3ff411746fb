import Foundation

/// The New York Stock Exchange's trading days and hours, 2000 through 2035.
///
/// Every session of those years is computed once, in `init`, from the holiday rules
/// and the time zone; afterwards every question is answered from immutable arrays:
/// questions about days in constant time, questions about instants by binary search.
/// The calendar is a value with no clock of its own: the current time is always a
/// parameter.
///
/// Outside the covered years no sessions are known. Questions whose answer depends on
/// those years answer `nil` (or "closed") rather than guess.
///
/// Not modelled: the late openings for moments of silence (2001–2006) and the 15:56
/// close of 2005-06-01; the sessions of those days open at 09:30 and close at 16:00.
public struct NYSECalendar: Sendable {
  /// The first year the calendar covers.
  public static let firstYear = 2000
  /// The last year the calendar covers.
  public static let lastYear = 2035

  /// The clock the sessions' instants were computed in.
  public let timeZone: ExchangeTimeZone
  /// Every trading day of the covered years, in date order.
  public let sessions: [TradingSession]
  /// Every weekday of the covered years on which the exchange is closed, in date order.
  public let holidays: [MarketHoliday]
  /// The covered days: 2000-01-01 through 2035-12-31.
  public let coveredDates: ClosedRange<MarketDate>
  /// The covered instants: from midnight starting the first covered day to midnight
  /// ending the last, New York time.
  public let coveredInstants: Range<Date>

  /// For each covered day, and one past the last, the number of sessions on earlier days:
  /// the index of the day's session if it has one, else of the next session.
  private let sessionsBefore: [Int32]

  /// Computes every session of 2000 through 2035 in `timeZone`.
  public init(timeZone: ExchangeTimeZone = ExchangeTimeZone()) {
    let firstDate = MarketDate(
      dayNumber: MarketDate.daysFromCivil(year: Self.firstYear, month: 1, day: 1))
    let lastDate = MarketDate(
      dayNumber: MarketDate.daysFromCivil(year: Self.lastYear, month: 12, day: 31))
    let years = Self.firstYear...Self.lastYear
    let holidays = years.flatMap { NYSERules.holidays(in: $0) }
    let closedDays = Set(holidays.map(\.date))
    let earlyCloses = Set(years.flatMap { NYSERules.earlyCloses(in: $0) })

    var sessions: [TradingSession] = []
    var sessionsBefore: [Int32] = []
    sessions.reserveCapacity(9_200)
    sessionsBefore.reserveCapacity(lastDate - firstDate + 2)
    for dayNumber in firstDate.dayNumber...lastDate.dayNumber {
      sessionsBefore.append(Int32(sessions.count))
      let date = MarketDate(dayNumber: dayNumber)
      guard !date.isWeekend, !closedDays.contains(date) else { continue }
      let isEarlyClose = earlyCloses.contains(date)
      sessions.append(
        TradingSession(
          date: date,
          open: timeZone.instant(on: date, hour: 9, minute: 30),
          close: timeZone.instant(on: date, hour: isEarlyClose ? 13 : 16, minute: 0),
          isEarlyClose: isEarlyClose))
    }
    sessionsBefore.append(Int32(sessions.count))

    self.timeZone = timeZone
    self.sessions = sessions
    self.holidays = holidays
    self.coveredDates = firstDate...lastDate
    let firstInstant = timeZone.instant(on: firstDate, secondsSinceMidnight: 0)
    let endInstant = timeZone.instant(on: lastDate.adding(days: 1), secondsSinceMidnight: 0)
    self.coveredInstants = firstInstant..<endInstant
    self.sessionsBefore = sessionsBefore
  }

  // MARK: - Days

  /// The session on `date`; `nil` when the exchange is closed that day or `date` is
  /// outside the covered years.
  public func session(on date: MarketDate) -> TradingSession? {
    sessionIndex(on: date).map { sessions[$0] }
  }

  /// The index in `sessions` of the session on `date`; `nil` when there is none.
  public func sessionIndex(on date: MarketDate) -> Int? {
    guard coveredDates.contains(date) else { return nil }
    let offset = dayOffset(of: date)
    let index = Int(sessionsBefore[offset])
    return index < Int(sessionsBefore[offset + 1]) ? index : nil
  }

  /// Whether the exchange trades on `date` (`false` outside the covered years).
  public func isTradingDay(_ date: MarketDate) -> Bool {
    sessionIndex(on: date) != nil
  }

  /// Why the exchange is closed on `date`, or `nil` when it trades that day.
  ///
  /// For every day exactly one of `session(on:)` and `closure(on:)` is non-`nil`.
  public func closure(on date: MarketDate) -> MarketClosure? {
    if date.isWeekend { return .weekend }
    guard coveredDates.contains(date) else { return .outsideCalendar }
    return holiday(on: date)?.closure
  }

  /// The holiday or one-off closure on `date`, if the exchange is closed that weekday.
  public func holiday(on date: MarketDate) -> MarketHoliday? {
    let index = holidays.partitioningIndex { $0.date >= date }
    return index < holidays.count && holidays[index].date == date ? holidays[index] : nil
  }

  /// The last trading day before `date`; `nil` when it would lie outside the covered
  /// years, or when days between it and `date` are not covered.
  public func previousTradingDay(before date: MarketDate) -> MarketDate? {
    // From the second covered day through the day after the last one.
    let offset = dayOffset(of: date)
    guard offset >= 1, offset < sessionsBefore.count else { return nil }
    let index = Int(sessionsBefore[offset]) - 1
    return index >= 0 ? sessions[index].date : nil
  }

  /// The first trading day after `date`; `nil` when it would lie outside the covered
  /// years, or when days between `date` and it are not covered.
  public func nextTradingDay(after date: MarketDate) -> MarketDate? {
    // The day after `date` must be covered: from the day before the first covered day
    // through the day before the last one.
    let dayAfter = dayOffset(of: date) + 1
    guard dayAfter >= 0, dayAfter < sessionsBefore.count - 1 else { return nil }
    let index = Int(sessionsBefore[dayAfter])
    return index < sessions.count ? sessions[index].date : nil
  }

  /// The indices in `sessions` of the sessions from `start` through `end`, both
  /// included; days outside the covered years contribute none.
  public func sessionIndices(from start: MarketDate, through end: MarketDate) -> Range<Int> {
    let lower = max(start, coveredDates.lowerBound)
    let upper = min(end, coveredDates.upperBound)
    guard lower <= upper else { return 0..<0 }
    let first = Int(sessionsBefore[dayOffset(of: lower)])
    let afterLast = Int(sessionsBefore[dayOffset(of: upper) + 1])
    return first..<afterLast
  }

  /// The sessions from `start` through `end`, both included.
  public func sessions(
    from start: MarketDate, through end: MarketDate
  ) -> ArraySlice<TradingSession> {
    sessions[sessionIndices(from: start, through: end)]
  }

  /// The number of trading days from `start` through `end`, both included.
  public func tradingDayCount(from start: MarketDate, through end: MarketDate) -> Int {
    sessionIndices(from: start, through: end).count
  }

  /// Days from the first covered day to `date`: its position in `sessionsBefore`.
  private func dayOffset(of date: MarketDate) -> Int { date - coveredDates.lowerBound }
}
