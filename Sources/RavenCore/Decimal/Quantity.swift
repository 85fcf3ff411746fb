import Foundation

/// A number of shares. Fractional shares are allowed, to `maximumFractionDigits` places.
public struct Quantity: DecimalAmount {
  public let exact: ExactDecimal

  /// Alpaca takes fractional orders to 9 decimal places; so does Raven.
  public static let maximumFractionDigits = 9

  public init(exact: ExactDecimal) { self.exact = exact }

  public init(_ shares: Int) { self.exact = ExactDecimal(shares) }

  public static let zero = Quantity(0)

  /// Whether this is a whole number of shares.
  public var isWhole: Bool { exact.significantFractionDigits == 0 }
}

extension Quantity: ExpressibleByIntegerLiteral {
  public init(integerLiteral shares: Int) { self.init(shares) }
}
