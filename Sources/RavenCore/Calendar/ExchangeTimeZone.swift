import Foundation

/// Converts between instants and the exchange's wall-clock time (America/New_York).
///
/// Market hours, day boundaries, weeks and months of chart buckets are all New York
/// wall-clock notions, so every conversion between `Date` and a trading day goes
/// through here. Offsets come from Foundation's time-zone database; US daylight
/// saving time changes at 02:00 local, never inside a session.
///
/// The offsets of 1990 through 2049 are read once, in `init`, into a table that is
/// searched without locking; instants outside those years ask Foundation directly.
public struct ExchangeTimeZone: Sendable {
  public let timeZone: TimeZone
  private let offsets: UTCOffsetTable

  public init(identifier: String = "America/New_York") {
    guard let timeZone = TimeZone(identifier: identifier) else {
      preconditionFailure("The time-zone database has no \(identifier)")
    }
    self.timeZone = timeZone
    // 1990-01-01 to 2050-01-01 UTC: the calendar's years with a wide margin, at about
    // two transitions a year.
    self.offsets = UTCOffsetTable(
      timeZone: timeZone,
      from: Date(timeIntervalSince1970: 631_152_000),
      to: Date(timeIntervalSince1970: 2_524_608_000))
  }

  /// Seconds to add to UTC to get local wall-clock time at `instant` (−18000 or −14400 in New York).
  public func utcOffset(at instant: Date) -> Int {
    offsets.offset(atSecondsSince1970: instant.timeIntervalSince1970)
      ?? timeZone.secondsFromGMT(for: instant)
  }

  /// The local calendar day that contains `instant`.
  public func marketDate(of instant: Date) -> MarketDate {
    let local = Int(floor(instant.timeIntervalSince1970)) + utcOffset(at: instant)
    return MarketDate(dayNumber: Int(floor(Double(local) / 86_400)))
  }

  /// Seconds elapsed since local midnight of `instant` (0 ..< 86 400, or 90 000 on a
  /// fall-back day). On the two Sundays a year when the clocks change this is not the
  /// wall-clock reading that `instant(on:secondsSinceMidnight:)` takes: 03:00 on a
  /// spring-forward day is 7 200 seconds after midnight.
  public func secondsSinceMidnight(of instant: Date) -> Int {
    let date = marketDate(of: instant)
    return Int(floor(instant.timeIntervalSince(self.instant(on: date, secondsSinceMidnight: 0))))
  }

  /// The instant when local wall-clock time on `date` reads `secondsSinceMidnight`.
  /// Wall times skipped by a spring-forward change resolve to the later offset.
  public func instant(on date: MarketDate, secondsSinceMidnight: Int) -> Date {
    let local = TimeInterval(date.dayNumber * 86_400 + secondsSinceMidnight)
    // Guess with the offset at the local reading taken as UTC, then correct once:
    // offsets only differ when a transition lies within hours of the guess.
    let firstGuess = local - TimeInterval(utcOffset(at: Date(timeIntervalSince1970: local)))
    let corrected = local - TimeInterval(utcOffset(at: Date(timeIntervalSince1970: firstGuess)))
    return Date(timeIntervalSince1970: corrected)
  }

  /// The instant of `hour:minute` local time on `date`.
  public func instant(on date: MarketDate, hour: Int, minute: Int) -> Date {
    instant(on: date, secondsSinceMidnight: hour * 3600 + minute * 60)
  }
}
