import Foundation

/// A ticker symbol such as `AAPL` or `BRK.B`: upper case, 1 to 10 characters of
/// letters, digits, `.` and `-`.
public struct Symbol: Sendable, Hashable, Comparable, TextCodable {
  public let rawValue: String

  /// Normalizes user input (`" aapl "` → `AAPL`); `nil` when it cannot be a symbol.
  public init?(_ text: String) {
    let candidate = text.trimmingCharacters(in: .whitespaces).uppercased()
    guard (1...10).contains(candidate.count),
      candidate.unicodeScalars.allSatisfy({ Symbol.allowed.contains($0) }),
      candidate.first.map({ $0.isLetter || $0.isNumber }) == true
    else { return nil }
    self.rawValue = candidate
  }

  public var description: String { rawValue }

  public static func < (lhs: Symbol, rhs: Symbol) -> Bool { lhs.rawValue < rhs.rawValue }

  public static let textFormat = "a ticker symbol"

  private static let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-".unicodeScalars)
}

extension Symbol: ExpressibleByStringLiteral {
  /// For literals in code and tests; a malformed literal is a programming error.
  public init(stringLiteral value: String) {
    guard let symbol = Symbol(value) else { preconditionFailure("Invalid symbol literal \(value)") }
    self = symbol
  }
}
