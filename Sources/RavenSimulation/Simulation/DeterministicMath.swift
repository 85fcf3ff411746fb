import RavenMarketData

/// `exp` computed with only IEEE 754 basic operations, so that it rounds the same on
/// every machine. The platform's `exp` may differ in the last bit between libm
/// implementations, and one bit is enough to move a price by a cent at a rounding edge.
enum DeterministicMath {
  /// e^x for |x| < 700, to within a few ulps.
  static func exp(_ x: Double) -> Double {
    precondition(x.magnitude < 700, "exponent out of range")
    // x = k·ln2 + r with |r| ≤ ln2/2; e^x = 2^k · e^r.
    let ln2 = 0.693_147_180_559_945_3
    let k = (x / ln2).rounded()
    let r = x - k * ln2
    // Taylor series of e^r in Horner form; 15 terms reach double precision for
    // |r| ≤ 0.35 (r¹⁵/15! < 2·10⁻¹⁸).
    var sum = 0.0
    for coefficient in reciprocalFactorials.reversed() {
      sum = sum * r + coefficient
    }
    return sum * Double(sign: .plus, exponent: Int(k), significand: 1)
  }

  /// 1/0!, 1/1!, …, 1/14!: each an exactly rounded IEEE quotient, the same everywhere.
  private static let reciprocalFactorials: [Double] = {
    var factorial = 1.0
    return (0...14).map { n in
      if n > 0 { factorial *= Double(n) }
      return 1 / factorial
    }
  }()

  /// 1/1, 1/3, …, 1/23: the atanh series' coefficients, each an exactly rounded quotient.
  private static let reciprocalOdds: [Double] = (0..<12).map { 1 / Double(2 * $0 + 1) }

  /// ln(x) for positive finite x, to within a few ulps, from basic operations alone.
  ///
  /// x = m · 2^e with m in [√½, √2); ln m = 2·atanh(y) with y = (m − 1)/(m + 1), so
  /// |y| ≤ 0.172 and the odd series y + y³/3 + … reaches double precision in 12 terms.
  static func log(_ x: Double) -> Double {
    precondition(x > 0 && x.isFinite, "log of a non-positive number")
    var exponent = Double(x.exponent)
    var mantissa = x.significand  // [1, 2), exact
    if mantissa > 1.414_213_562_373_095_1 {
      mantissa /= 2  // exact
      exponent += 1
    }
    let y = (mantissa - 1) / (mantissa + 1)
    let y2 = y * y
    var series = 0.0
    for coefficient in reciprocalOdds.reversed() {
      series = series * y2 + coefficient
    }
    // ln 2 split in two so that exponent · ln 2 keeps its precision for large exponents.
    let ln2High = 0.693_147_180_369_123_8
    let ln2Low = 1.908_214_929_270_587_7e-10
    return exponent * ln2High + (exponent * ln2Low + 2 * y * series)
  }
}
