import Foundation

/// A time as Alpaca writes it: RFC 3339 in UTC with `Z` (`2026-11-20T15:04:05.123Z`).
///
/// One writer, at the precision each use has always had: Raven's `/v2` answers to the
/// millisecond (truncated), an order list's exclusive `until` to the nearest microsecond
/// (so that a page's last order bounds the next page), market data queries to the whole
/// second. One reader, for what Alpaca sends: `Z` or a `±HH:MM` offset, with or without a
/// fraction of any length (Alpaca's trades carry nanoseconds), read to the microsecond as
/// alpaca-py reads it.
public struct AlpacaTime: RawRepresentable, Codable, Hashable, Sendable,
  CustomStringConvertible
{
  public var rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }

  /// `2026-11-20T15:04:05.123Z`: what Raven's `/v2` writes.
  public init(_ date: Date) { self.init(date, .milliseconds) }

  /// `date` in UTC with `precision`'s fraction of a second, rounded by `rounding`.
  public init(
    _ date: Date, _ precision: Precision, rounding: FloatingPointRoundingRule = .down
  ) {
    let scale = precision.scale
    var seconds = date.timeIntervalSince1970.rounded(.down)
    var fraction = Int(((date.timeIntervalSince1970 - seconds) * Double(scale)).rounded(rounding))
    if fraction >= scale {
      seconds += 1
      fraction -= scale
    }
    let whole = Date(timeIntervalSince1970: seconds).formatted(Self.wholeSeconds).dropLast()
    guard precision.digits > 0 else {
      rawValue = whole + "Z"
      return
    }
    let digits = String(fraction)
    rawValue =
      whole + "." + String(repeating: "0", count: precision.digits - digits.count) + digits + "Z"
  }

  /// How much of a second a written time keeps.
  public enum Precision: Sendable {
    case seconds, milliseconds, microseconds

    var digits: Int {
      switch self {
      case .seconds: 0
      case .milliseconds: 3
      case .microseconds: 6
      }
    }

    var scale: Int {
      switch self {
      case .seconds: 1
      case .milliseconds: 1_000
      case .microseconds: 1_000_000
      }
    }
  }

  /// The instant the text names; `nil` unless it is RFC 3339.
  public var date: Date? { Self.date(from: rawValue) }

  public var description: String { rawValue }

  public init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(String.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  private static let wholeSeconds = Date.ISO8601FormatStyle(timeZone: .gmt)
}
