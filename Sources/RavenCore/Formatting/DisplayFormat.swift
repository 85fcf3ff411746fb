import Foundation

/// The text a UI shows for amounts: `$1,234.56`, `+1.23%`, `-0.45`.
///
/// Fixed US English formatting on purpose: Raven trades in US dollars on US
/// exchanges, and the same figure must read the same in the web app, the CLI and
/// tests, whatever the machine's locale.
public enum DisplayFormat {
  /// `$1,234.56`, `-$1,234.56`; rounded half away from zero to `fractionDigits`.
  public static func currency(_ amount: some DecimalAmount, fractionDigits: Int = 2) -> String {
    let rounded = amount.exact.rounded(toFractionDigits: fractionDigits)
    let sign = rounded.isNegative ? "-" : ""
    return sign + "$" + grouped(rounded.magnitude.description)
  }

  /// `+$12.30`, `-$4.05`, `$0.00`: a change in dollars with its direction.
  public static func signedCurrency(_ amount: some DecimalAmount, fractionDigits: Int = 2) -> String
  {
    let rounded = amount.exact.rounded(toFractionDigits: fractionDigits)
    return (rounded.isPositive ? "+" : "") + currency(amount, fractionDigits: fractionDigits)
  }

  /// `+1.23`, `-0.45`, `0.00`: a price change with its direction.
  public static func signed(_ amount: some DecimalAmount, fractionDigits: Int = 2) -> String {
    signed(amount.exact, fractionDigits: fractionDigits)
  }

  /// `+1.23`, `-0.45`, `0.00`, with thousands separators.
  public static func signed(_ value: ExactDecimal, fractionDigits: Int = 2) -> String {
    let rounded = value.rounded(toFractionDigits: fractionDigits)
    let sign = rounded.isPositive ? "+" : rounded.isNegative ? "-" : ""
    return sign + grouped(rounded.magnitude.description)
  }

  /// `+1.23%`, `-0.45%`, `0.00%` for a value already in percent.
  public static func percent(_ value: ExactDecimal, fractionDigits: Int = 2) -> String {
    signed(value, fractionDigits: fractionDigits) + "%"
  }

  /// `1,234.5`, `3`: a share count without trailing zeros.
  public static func shares(_ quantity: Quantity) -> String {
    grouped(quantity.exact.trimmed.magnitude.description)
      .withPrefix(quantity.isNegative ? "-" : "")
  }

  /// `1.2M`, `845.3K`, `12.0B`: a large count such as volume, to one decimal.
  public static func compact(_ count: Int64) -> String {
    let units: [(Int64, String)] = [
      (1_000_000_000_000, "T"), (1_000_000_000, "B"), (1_000_000, "M"), (1_000, "K"),
    ]
    for (size, suffix) in units where count.magnitude >= size.magnitude {
      let scaled = ExactDecimal(Decimal(count) / Decimal(size), fractionDigits: 1)
      return scaled.description + suffix
    }
    return String(count)
  }

  /// Inserts `,` every three digits of the integer part of plain decimal text.
  static func grouped(_ plain: String) -> String {
    let parts = plain.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    var integer = String(parts[0])
    var groups: [Substring] = []
    while integer.count > 3 {
      groups.insert(Substring(integer.suffix(3)), at: 0)
      integer.removeLast(3)
    }
    groups.insert(Substring(integer), at: 0)
    let joined = groups.joined(separator: ",")
    return parts.count > 1 ? joined + "." + parts[1] : joined
  }
}

extension String {
  fileprivate func withPrefix(_ prefix: String) -> String { prefix + self }
}
