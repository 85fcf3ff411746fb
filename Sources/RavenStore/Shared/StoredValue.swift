import Foundation
import RavenCore

/// How values are written to and read back from a database, shared by both stores so
/// that they agree to the bit.
///
/// Amounts are stored as their exact decimal text (`"187.9500"`), never as binary
/// floating point: the text keeps the value *and* its fraction digits, so what comes
/// back prints exactly as what went in. Times are whole microseconds (PostgreSQL's
/// `timestamptz` precision), so both stores round a `Date` the same way.
package enum StoredValue {
  package static func money(_ text: String, _ column: String) throws(StoreError) -> Money {
    Money(exact: try exact(text, column))
  }

  package static func price(_ text: String, _ column: String) throws(StoreError) -> Price {
    Price(exact: try exact(text, column))
  }

  package static func quantity(_ text: String, _ column: String) throws(StoreError) -> Quantity {
    Quantity(exact: try exact(text, column))
  }

  package static func symbol(_ text: String, _ column: String) throws(StoreError) -> Symbol {
    guard let symbol = Symbol(text) else { throw corrupt(column, text) }
    return symbol
  }

  package static func side(_ text: String) throws(StoreError) -> TradeSide {
    guard let side = TradeSide(rawValue: text) else { throw corrupt("side", text) }
    return side
  }

  package static func exact(_ text: String, _ column: String) throws(StoreError) -> ExactDecimal {
    if let (units, fractionDigits) = plainUnits(text) {
      return ExactDecimal(units: units, fractionDigits: fractionDigits)
    }
    guard let value = ExactDecimal(text) else { throw corrupt(column, text) }
    return value
  }

  /// Reads the plain text the stores write (`-12.3400`, at most 18 digits) as an integer
  /// count of its last digit's units. It reads the same grammar and gives the same value
  /// and fraction digits as `ExactDecimal(_:)`, whose locale-aware `Decimal` parsing cost
  /// a quarter of a trade's time; anything else is left to that parser.
  package static func plainUnits(_ text: String) -> (units: Int64, fractionDigits: Int)? {
    var units: Int64 = 0
    var digits = 0
    var fractionDigits = 0
    var negative = false
    var afterPoint = false
    for (index, byte) in text.utf8.enumerated() {
      switch byte {
      case UInt8(ascii: "-") where index == 0:
        negative = true
      case UInt8(ascii: ".") where !afterPoint:
        afterPoint = true
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        digits += 1
        guard digits <= 18 else { return nil }
        units = units * 10 + Int64(byte - UInt8(ascii: "0"))
        if afterPoint { fractionDigits += 1 }
      default:
        return nil
      }
    }
    // A digit on each side of the point, as `ExactDecimal(_:)` asks: "5." and ".5" are
    // not text the stores write, so they are left to that parser to refuse.
    guard digits > fractionDigits, !afterPoint || fractionDigits > 0 else { return nil }
    return (negative ? -units : units, fractionDigits)
  }

  /// Bad data in a row is reported, never trapped on: the server answers 503, not a crash,
  /// and the order engine passes over the order it belongs to.
  package static func corrupt(_ column: String, _ text: String) -> StoreError {
    .corrupt("unreadable value in column \(column): \(text.prefix(40))")
  }

  /// The text an amount is stored as, refusing one that could not be read back (more
  /// digits than `ExactDecimal` reads): every value written is one the readers above take.
  package static func text(_ amount: some DecimalAmount, _ column: String) throws(StoreError)
    -> String
  {
    try text(amount.exact, column)
  }

  package static func text(_ value: ExactDecimal, _ column: String) throws(StoreError) -> String {
    guard value.fitsText else { throw .unstorable(column: column) }
    return value.description
  }

  // MARK: Time

  /// Microseconds since 1970, rounded to the nearest; clamped instead of trapping on
  /// absurd dates (±290,000 years).
  package static func microseconds(_ date: Date) -> Int64 {
    let micros = (date.timeIntervalSince1970 * 1_000_000).rounded()
    guard micros.isFinite else { return micros > 0 ? .max : .min }
    return Int64(exactly: micros) ?? (micros > 0 ? .max : .min)
  }

  package static func date(microseconds: Int64) -> Date {
    Date(timeIntervalSince1970: Double(microseconds) / 1_000_000)
  }

  /// `date` as it will read back from either store. Methods return this rather than
  /// their argument, so a record returned on write equals the record read later.
  package static func normalized(_ date: Date) -> Date {
    self.date(microseconds: microseconds(date))
  }

  // MARK: Goals

  /// Allocations as the JSON the API also uses: `[{"symbol":"AAPL","shares":"2"}]`.
  package static func allocationsJSON(_ allocations: [GoalAllocation]) throws(StoreError) -> String
  {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    guard let data = try? encoder.encode(allocations),
      let text = String(data: data, encoding: .utf8)
    else { throw .unstorable(column: "allocations") }
    return text
  }

  package static func allocations(json: String) throws(StoreError) -> [GoalAllocation] {
    guard let allocations = try? JSONDecoder().decode([GoalAllocation].self, from: Data(json.utf8))
    else { throw corrupt("allocations", json) }
    return allocations
  }
}
