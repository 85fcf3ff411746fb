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

  /// ln(x) for x > 0 by Newton's method on `exp`, so it is as reproducible as `exp`.
  static func log(_ x: Double) -> Double {
    precondition(x > 0 && x.isFinite, "log of a non-positive number")
    // Start from the binary exponent: x = m · 2^e, ln x ≈ e · ln 2.
    var y = Double(x.exponent) * 0.693_147_180_559_945_3
    for _ in 0..<60 {
      let e = exp(y)
      let next = y + 2 * (x - e) / (x + e)  // Halley's step: cubic convergence
      if next == y { break }
      y = next
    }
    return y
  }
}
