import RavenCore

/// A parsed JSON document that keeps each number as the text it was written with, so
/// prices and amounts become exact decimals without passing through `Double`.
///
/// Live providers read their answers through it. Foundation's `JSONDecoder` reads a
/// `Decimal` exactly on this toolchain, but not the digits as written (`187.9500` comes
/// back as `187.95`), and Finnhub's answers change shape by case (zeros, `{}`, `{data}`),
/// which a value read once and then inspected handles more plainly than `Decodable`.
package enum JSONValue: Sendable, Hashable {
  case null
  case bool(Bool)
  /// The number's text exactly as it appeared, e.g. `187.95`, `-0.0944`, `2.5e-3`.
  case number(String)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// Parses a whole document; `nil` when it is not valid JSON.
  package init?(parsing bytes: some Collection<UInt8>) {
    var parser = JSONParser(Array(bytes))
    guard let value = parser.parseDocument() else { return nil }
    self = value
  }

  package subscript(key: String) -> JSONValue? {
    if case .object(let members) = self { return members[key] }
    return nil
  }

  package var object: [String: JSONValue]? {
    if case .object(let members) = self { return members }
    return nil
  }

  package var array: [JSONValue]? {
    if case .array(let elements) = self { return elements }
    return nil
  }

  package var string: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  package var bool: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  package var isNull: Bool { self == .null }

  /// The number as an exact decimal (exponents are applied by moving the point);
  /// `nil` for anything else, including numbers too long to hold exactly.
  package var decimal: ExactDecimal? {
    guard case .number(let text) = self else { return nil }
    return JSONValue.exactDecimal(fromNumberText: text)
  }

  /// The number as an integer when it is a whole number that fits (`42`, `42.0`, `4.2e1`).
  package var integer: Int64? {
    guard case .number(let text) = self else { return nil }
    if let integer = Int64(text) { return integer }
    guard let decimal, decimal.rounded(toFractionDigits: 0) == decimal else { return nil }
    return Int64(decimal.rounded(toFractionDigits: 0).description)
  }

  /// Rewrites JSON number text (`-1.25e3`) in the plain notation `ExactDecimal` parses.
  package static func exactDecimal(fromNumberText text: String) -> ExactDecimal? {
    var mantissa = Substring(text)
    var exponent = 0
    if let marker = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      mantissa = text[..<marker]
      guard let value = Int(text[text.index(after: marker)...]), abs(value) <= 40 else {
        return nil
      }
      exponent = value
    }
    guard exponent != 0 else { return ExactDecimal(String(mantissa)) }
    var negative = false
    if mantissa.first == "-" {
      negative = true
      mantissa = mantissa.dropFirst()
    }
    let parts = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    var integerDigits = String(parts[0])
    var fractionDigits = parts.count > 1 ? String(parts[1]) : ""
    if exponent > 0 {
      let moved = min(exponent, fractionDigits.count)
      integerDigits += fractionDigits.prefix(moved)
      fractionDigits = String(fractionDigits.dropFirst(moved))
      integerDigits += String(repeating: "0", count: exponent - moved)
    } else {
      let moved = min(-exponent, integerDigits.count)
      fractionDigits = integerDigits.suffix(moved) + fractionDigits
      integerDigits = String(integerDigits.dropLast(moved))
      fractionDigits = String(repeating: "0", count: -exponent - moved) + fractionDigits
    }
    let plain =
      (negative ? "-" : "") + (integerDigits.isEmpty ? "0" : integerDigits)
      + (fractionDigits.isEmpty ? "" : "." + fractionDigits)
    return ExactDecimal(plain)
  }
}
