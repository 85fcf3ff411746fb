import Foundation
import RavenCore
import RavenMarketData

extension Price {
  /// A price as an upstream wrote it, with at least cents: `187.9` → `187.90`, while
  /// `"187.9500"` and `0.4512` keep their digits.
  init(upstream value: ExactDecimal) {
    self.init(exact: value.fractionDigits < 2 ? value.withFractionDigits(2) : value)
  }
}

extension Decimal {
  /// A JSON number as `JSONDecoder` read it, exactly; `nil` when it cannot be held exactly
  /// (see `ExactDecimal(exactly:)`), which the decoders treat as a number not sent.
  var exactDecimal: ExactDecimal? { ExactDecimal(exactly: self) }
}

extension ExactDecimal {
  /// A share count rounded to whole shares; `nil` when negative or too large to count.
  var shareVolume: Int64? {
    guard !isNegative else { return nil }
    return Int64(rounded(toFractionDigits: 0).description)
  }
}
