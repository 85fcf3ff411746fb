import Foundation
import RavenCore

/// A bar length as Alpaca's data API names it: `{n}Min` (1–59), `{n}Hour` (1–23), `1Day`,
/// `1Week`, `{1,2,3,6,12}Month` (`T`, `H`, `D`, `W`, `M` also). Raven's market serves a few
/// resolutions; the rest are made by grouping the largest one that divides them.
struct AlpacaTimeframe: Sendable, Hashable {
  enum Unit: Sendable, Hashable { case minute, hour, day, week, month }

  let amount: Int
  let unit: Unit

  init?(_ text: String) {
    let digits = text.prefix { $0.isNumber }
    guard let amount = Int(digits), amount > 0 else { return nil }
    switch text.dropFirst(digits.count).lowercased() {
    case "min", "t":
      guard amount <= 59 else { return nil }
      unit = .minute
    case "hour", "h":
      guard amount <= 23 else { return nil }
      unit = .hour
    case "day", "d":
      guard amount == 1 else { return nil }
      unit = .day
    case "week", "w":
      guard amount == 1 else { return nil }
      unit = .week
    case "month", "m":
      guard [1, 2, 3, 6, 12].contains(amount) else { return nil }
      unit = .month
    default: return nil
    }
    self.amount = amount
  }

  /// The market's resolution to ask for, and how many of its bars make one of these.
  var source: (resolution: BarResolution, group: Int) {
    switch unit {
    case .minute:
      for (resolution, minutes) in [
        (BarResolution.thirtyMinutes, 30), (.fifteenMinutes, 15), (.fiveMinutes, 5),
      ] where amount % minutes == 0 {
        return (resolution, amount / minutes)
      }
      return (.minute, amount)
    case .hour: return (.hour, amount)
    case .day: return (.day, 1)
    case .week: return (.week, 1)
    case .month: return (.month, amount)
    }
  }

  /// How far one request to the market reaches: about a few thousand of its bars.
  var chunk: TimeInterval {
    switch source.resolution {
    case .minute: 5 * 86_400
    case .fiveMinutes: 25 * 86_400
    case .fifteenMinutes, .thirtyMinutes: 90 * 86_400
    case .hour: 365 * 86_400
    case .day, .week, .month: 40 * 365 * 86_400
    }
  }

  /// The group a source bar belongs to: intraday by a fixed span from 1970 (Alpaca's
  /// `5Min` bars start at :00, :05…), months by calendar month in New York.
  func groupKey(of bar: Bar, zone: ExchangeTimeZone) -> Int {
    let group = source.group
    guard group > 1 else { return Int(bar.time.timeIntervalSince1970) }
    switch unit {
    case .month:
      let day = zone.marketDate(of: bar.time)
      return (day.year * 12 + day.month - 1) / group
    default:
      let span = (source.resolution.intradaySeconds ?? 60) * group
      return Int(bar.time.timeIntervalSince1970) / span
    }
  }

  /// `bars` (oldest first) grouped into bars of this length: each the exact aggregate of
  /// its source bars (first open, highest high, lowest low, last close, summed volume),
  /// labelled by the start of its span (a month by its first bar).
  func group(_ bars: [Bar], zone: ExchangeTimeZone) -> [Bar] {
    guard source.group > 1 else { return bars }
    var grouped: [Bar] = []
    var currentKey: Int?
    for bar in bars {
      let key = groupKey(of: bar, zone: zone)
      if key == currentKey, var last = grouped.popLast() {
        last.high = max(last.high, bar.high)
        last.low = min(last.low, bar.low)
        last.close = bar.close
        last.volume += bar.volume
        grouped.append(last)
      } else {
        var first = bar
        if unit != .month, let seconds = source.resolution.intradaySeconds {
          // Labelled by the start of its span, as Alpaca labels them.
          first.time = Date(timeIntervalSince1970: TimeInterval(key * seconds * source.group))
        }
        grouped.append(first)
        currentKey = key
      }
    }
    return grouped
  }
}
