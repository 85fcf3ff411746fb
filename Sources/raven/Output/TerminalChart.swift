import Foundation
import RavenCore

/// Draws a price line in a terminal with Unicode braille cells: each character holds a
/// 2×4 grid of dots, so a 60×12 character chart has 120×48 dots of resolution.
struct TerminalChart {
  var width = 60
  var height = 12

  /// The chart with the high and low price on the left and the first and last time below.
  func render(_ chart: PriceChart, calendar: NYSECalendar) -> String {
    let prices = chart.points.map { NSDecimalNumber(decimal: $0.price.value).doubleValue }
    guard let low = prices.min(), let high = prices.max(), prices.count >= 2 else {
      return "(no prices in this range)"
    }
    let dotsWide = width * 2
    let dotsHigh = height * 4
    var dots = [[Bool]](repeating: [Bool](repeating: false, count: dotsWide), count: dotsHigh)
    let span = max(high - low, 1e-9)
    func row(_ price: Double) -> Int {
      dotsHigh - 1 - Int(((price - low) / span * Double(dotsHigh - 1)).rounded())
    }
    var previous: (x: Int, y: Int)?
    for (index, price) in prices.enumerated() {
      let x = Int((Double(index) / Double(prices.count - 1) * Double(dotsWide - 1)).rounded())
      let y = row(price)
      // Join consecutive points with a vertical run so the line has no gaps.
      if let previous {
        for fillY in min(previous.y, y)...max(previous.y, y) { dots[fillY][x] = true }
      }
      dots[y][x] = true
      previous = (x, y)
    }
    let highLabel = DisplayFormat.currency(
      Price(exact: ExactDecimal(Decimal(high), fractionDigits: 2)))
    let lowLabel = DisplayFormat.currency(
      Price(exact: ExactDecimal(Decimal(low), fractionDigits: 2)))
    let labelWidth = max(highLabel.count, lowLabel.count)
    var lines: [String] = []
    for cellRow in 0..<height {
      let label =
        cellRow == 0 ? highLabel : cellRow == height - 1 ? lowLabel : ""
      let cells = (0..<width).map { cellColumn in
        Self.brailleCell(dots, row: cellRow * 4, column: cellColumn * 2)
      }
      lines.append(label.leftPadded(to: labelWidth) + " ┤" + String(cells))
    }
    let label = { (time: Date) in
      chart.resolution.isIntraday
        ? NewYorkTime.format(time, calendar: calendar) : NewYorkTime.day(time, calendar: calendar)
    }
    let first = label(chart.points[0].time)
    let last = label(chart.points[chart.points.count - 1].time)
    let gap = max(1, width - first.count - last.count)
    lines.append(
      String(repeating: " ", count: labelWidth + 2) + first + String(repeating: " ", count: gap)
        + last)
    return lines.joined(separator: "\n")
  }

  /// The braille character for the 2×4 dots whose top-left is (row, column).
  private static func brailleCell(_ dots: [[Bool]], row: Int, column: Int) -> Character {
    // Bit for each dot of a braille cell, by (row, column), per Unicode's numbering.
    let bits = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]
    var pattern = 0
    for dy in 0..<4 {
      for dx in 0..<2 where dots[row + dy][column + dx] {
        pattern |= bits[dy][dx]
      }
    }
    return Character(UnicodeScalar(0x2800 + pattern)!)
  }
}

extension String {
  func leftPadded(to width: Int) -> String {
    String(repeating: " ", count: max(0, width - count)) + self
  }
}
