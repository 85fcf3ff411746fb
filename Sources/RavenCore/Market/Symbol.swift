import Foundation

/// A ticker symbol such as `AAPL` or `BRK.B`: upper case, 1 to 10 characters of
/// letters, digits, `.` and `-`.
public struct Symbol: Sendable, Hashable, Comparable, TextCodable {
  public let rawValue: String

  /// Normalizes user input (`" aapl "` → `AAPL`); `nil` when it cannot be a symbol.
  public init?(_ text: String) {
    // Symbols read back from the store or sent by clients are usually already normal.
    if Self.isNormalized(text) {
      self.rawValue = text
      return
    }
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

  /// Whether `text` is already a symbol as `init?(_:)` would normalize it: 1 to 10
  /// ASCII upper-case letters, digits, `.` and `-`, starting with a letter or digit.
  private static func isNormalized(_ text: String) -> Bool {
    let bytes = text.utf8
    guard (1...10).contains(bytes.count), let first = bytes.first, isAlphanumeric(first)
    else { return false }
    return bytes.allSatisfy {
      isAlphanumeric($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-")
    }
  }

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }
}

extension Symbol: ExpressibleByStringLiteral {
  /// For literals in code and tests; a malformed literal is a programming error.
  public init(stringLiteral value: String) {
    guard let symbol = Symbol(value) else { preconditionFailure("Invalid symbol literal \(value)") }
    self = symbol
  }
}
