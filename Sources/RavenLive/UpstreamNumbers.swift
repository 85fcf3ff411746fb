import RavenCore
import RavenHTTP
import RavenMarketData

extension Price {
  /// A price as an upstream wrote it, with at least cents: `187.9` → `187.90`, while
  /// `187.9500` and `0.4512` keep their digits.
  init(upstream value: ExactDecimal) {
    self.init(exact: value.fractionDigits < 2 ? value.withFractionDigits(2) : value)
  }
}

extension JSONValue {
  /// The number exactly, whether written as a JSON number (`187.95`) or as text holding
  /// one (`"187.9500"`, as Alpha Vantage writes every value).
  var decimalOrNumericText: ExactDecimal? {
    if let decimal { return decimal }
    guard let text = string?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
      return nil
    }
    return JSONValue.exactDecimal(fromNumberText: text)
  }

  /// A share count, number or text, rounded to whole shares.
  var shareVolume: Int64? {
    guard let volume = decimalOrNumericText, !volume.isNegative else { return nil }
    return Int64(volume.rounded(toFractionDigits: 0).description)
  }
}
