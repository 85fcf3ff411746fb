import Foundation
import RavenCore

/// RFC 3339 timestamps, as Alpaca writes them (`2024-01-03T14:30:00Z`,
/// `2024-01-03T14:30:00.543414784Z`, `2024-01-03T09:30:00-05:00`) and reads them in
/// query parameters. Plain arithmetic on the civil date: no formatter, no locale, and
/// fractions of a second to any number of digits (Alpaca's trades carry nanoseconds).
package enum RFC3339Time {
  /// `date` in UTC to the whole second, rounded down (or, for the inclusive end of an
  /// interval, up): `2024-01-03T14:30:00Z`.
  package static func string(from date: Date, roundingUp: Bool = false) -> String {
    let seconds = Int(date.timeIntervalSince1970.rounded(roundingUp ? .up : .down))
    let day = MarketDate(dayNumber: Int((Double(seconds) / 86_400).rounded(.down)))
    let ofDay = seconds - day.dayNumber * 86_400
    return "\(day)T\(twoDigits(ofDay / 3600)):\(twoDigits(ofDay / 60 % 60)):"
      + "\(twoDigits(ofDay % 60))Z"
  }

  /// The instant `text` names; `nil` unless it is `YYYY-MM-DDTHH:MM:SS[.fraction]`
  /// followed by `Z` or a `±HH:MM` offset.
  package static func date(from text: String) -> Date? {
    let bytes = Array(text.utf8)
    guard bytes.count >= 20, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"),
      bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
      let date = MarketDate(String(decoding: bytes[0..<10], as: UTF8.self)),
      let hour = number(bytes[11..<13]), hour < 24,
      let minute = number(bytes[14..<16]), minute < 60,
      let second = number(bytes[17..<19]), second < 61
    else { return nil }
    var index = 19
    var fraction = 0.0
    if bytes[index] == UInt8(ascii: ".") {
      let start = index + 1
      index = start
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
      guard index > start,
        let value = Double("0." + String(decoding: bytes[start..<index], as: UTF8.self))
      else { return nil }
      fraction = value
    }
    guard let offset = offsetSeconds(bytes[index...]) else { return nil }
    let local = date.dayNumber * 86_400 + hour * 3600 + minute * 60 + second
    return Date(timeIntervalSince1970: TimeInterval(local - offset) + fraction)
  }

  /// `Z` → 0; `+05:30` → 19 800; anything else → `nil`.
  private static func offsetSeconds(_ bytes: ArraySlice<UInt8>) -> Int? {
    if bytes.count == 1, bytes.first == UInt8(ascii: "Z") || bytes.first == UInt8(ascii: "z") {
      return 0
    }
    let start = bytes.startIndex
    guard bytes.count == 6, bytes[start + 3] == UInt8(ascii: ":"),
      let hours = number(bytes[(start + 1)..<(start + 3)]),
      let minutes = number(bytes[(start + 4)..<(start + 6)]), hours < 24, minutes < 60
    else { return nil }
    let sign = bytes[start]
    guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
    let magnitude = hours * 3600 + minutes * 60
    return sign == UInt8(ascii: "-") ? -magnitude : magnitude
  }

  private static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
    guard bytes.allSatisfy(isDigit) else { return nil }
    return Int(String(decoding: bytes, as: UTF8.self))
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  private static func twoDigits(_ value: Int) -> String {
    value < 10 ? "0\(value)" : "\(value)"
  }
}
