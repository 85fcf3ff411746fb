import Foundation

/// A kind of exact amount (money, a share price, a number of shares) built on
/// `ExactDecimal`, so that the type system keeps a price from being added to cash.
public protocol DecimalAmount: Sendable, Hashable, Comparable, TextCodable {
  var exact: ExactDecimal { get }
  init(exact: ExactDecimal)
}

extension DecimalAmount {
  public init?(_ text: String) {
    guard let exact = ExactDecimal(text) else { return nil }
    self.init(exact: exact)
  }

  public var description: String { exact.description }
  public var value: Decimal { exact.value }
  public var isZero: Bool { exact.isZero }
  public var isNegative: Bool { exact.isNegative }
  public var isPositive: Bool { exact.isPositive }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.exact == rhs.exact }
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.exact < rhs.exact }
  public func hash(into hasher: inout Hasher) { hasher.combine(exact) }

  public static func + (lhs: Self, rhs: Self) -> Self { Self(exact: lhs.exact + rhs.exact) }
  public static func - (lhs: Self, rhs: Self) -> Self { Self(exact: lhs.exact - rhs.exact) }
  public static prefix func - (operand: Self) -> Self { Self(exact: -operand.exact) }
  public static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }
  public static func -= (lhs: inout Self, rhs: Self) { lhs = lhs - rhs }

  public var magnitude: Self { Self(exact: exact.magnitude) }

  public func rounded(
    toFractionDigits digits: Int, rounding: DecimalRounding = .toNearestOrAwayFromZero
  ) -> Self {
    Self(exact: exact.rounded(toFractionDigits: digits, rounding: rounding))
  }

  public static var textFormat: String { ExactDecimal.textFormat }

  /// Encodes `description`, refusing a value whose text no reader would take back.
  public func encode(to encoder: any Encoder) throws {
    try ExactDecimal.encode(exact, to: encoder)
  }
}
