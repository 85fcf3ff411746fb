import Foundation

extension AlpacaTime {
  /// The instant `text` names; `nil` unless it is `YYYY-MM-DDTHH:MM:SS[.fraction]`
  /// followed by `Z` or a `±HH:MM` offset. The fraction is read to the microsecond.
  /// Plain arithmetic on the civil date: no formatter, no locale.
  public static func date(from text: String) -> Date? {
    let bytes = Array(text.utf8)
    guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"),
      bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
      let year = number(bytes[0..<4]), let month = number(bytes[5..<7]),
      let day = number(bytes[8..<10]), let days = days(year: year, month: month, day: day),
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
        let value = Double(
          "0." + String(decoding: bytes[start..<min(index, start + 6)], as: UTF8.self))
      else { return nil }
      fraction = value
    }
    guard let offset = offsetSeconds(bytes[index...]) else { return nil }
    let local = days * 86_400 + hour * 3600 + minute * 60 + second
    return Date(timeIntervalSince1970: TimeInterval(local - offset) + fraction)
  }

  /// Days from 1970-01-01 to a real day of the proleptic Gregorian calendar; `nil` for
  /// 2026-02-30 (Howard Hinnant's `days_from_civil`).
  private static func days(year: Int, month: Int, day: Int) -> Int? {
    let isLeap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    let lengths = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    guard (1...12).contains(month), (1...lengths[month - 1]).contains(day) else { return nil }
    let shifted = month <= 2 ? year - 1 : year
    let era = (shifted >= 0 ? shifted : shifted - 399) / 400
    let ofEra = shifted - era * 400
    let ofYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    return era * 146_097 + ofEra * 365 + ofEra / 4 - ofEra / 100 + ofYear - 719_468
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
}
