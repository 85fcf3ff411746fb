import Foundation
import RavenCore
import RavenMarketData

extension Company {
  /// The name without its legal form: `Apple`, `Church & Dwight`, `Deere`, for headlines.
  var shortName: String { Self.shortName(of: name) }

  static func shortName(of name: String) -> String {
    var words = name.split(separator: " ").map(String.init)
    while words.count > 1, let last = words.last, Self.legalForms.contains(last) {
      words.removeLast()
    }
    return words.joined(separator: " ")
  }

  /// How widely followed the company is, from 0 (the smallest caps of the universe,
  /// under a billion dollars) to 1 (a market value near $3 trillion).
  ///
  /// On a fourth-root scale of the reference market value, so that a $100 billion
  /// company sits about a third of the way up: analyst coverage and social chatter
  /// grow with size, but far more slowly than size itself. Only integer conversions
  /// and square roots (exactly rounded under IEEE 754) are used, so every machine
  /// agrees to the last bit.
  var prominence: Double {
    let millions = NSDecimalNumber(decimal: (referenceValue / 1_000_000).rounded()).int64Value
    let fourthRoot = (Double(millions) / 1_000).squareRoot().squareRoot()
    return min(max((fourthRoot - 0.8) / 6.5, 0), 1)
  }

  /// Words that end a company's legal name (`Inc`, `& Co`) rather than name it.
  private static let legalForms: Set<String> = [
    "Inc", "Corp", "Co", "PLC", "Ltd", "SA", "NV", "LP", "&",
  ]
}

extension Decimal {
  /// This value rounded to a whole number, half away from zero.
  fileprivate func rounded() -> Decimal {
    var input = self
    var output = Decimal()
    NSDecimalRound(&output, &input, 0, .plain)
    return output
  }
}
