import RavenMarketData

/// Pseudo-random numbers that are a pure function of their key.
///
/// The simulated market must give the same price for the same (symbol, minute,
/// seed) on every machine and every run, so nothing here may depend on process
/// state: no `Hasher` (randomly seeded per process), no global generator. Keys are
/// mixed with SplitMix64's finalizer, which passes BigCrush as a hash of counters.
struct DeterministicNoise: Sendable, Hashable {
  let key: UInt64

  init(seed: UInt64) { self.key = Self.mix(seed ^ 0x5241_5645_4E00_0000) }  // "RAVEN"

  private init(key: UInt64) { self.key = key }

  /// A stream for a sub-purpose, e.g. `noise.stream("gap").stream(symbol)`.
  func stream(_ label: String) -> DeterministicNoise {
    DeterministicNoise(key: Self.mix(key ^ Self.fnv1a(label)))
  }

  func stream(_ index: Int) -> DeterministicNoise {
    DeterministicNoise(
      key: Self.mix(key &+ UInt64(bitPattern: Int64(index)) &* 0x9E37_79B9_7F4A_7C15))
  }

  /// 64 random bits for `index`.
  func bits(_ index: Int) -> UInt64 {
    Self.mix(key ^ Self.mix(UInt64(bitPattern: Int64(index)) &+ 0x9E37_79B9_7F4A_7C15))
  }

  /// A uniform number in [0, 1) for `index`.
  func uniform(_ index: Int) -> Double {
    Double(bits(index) >> 11) * 0x1.0p-53
  }

  /// A standard normal-like number for `index`: the Irwin–Hall sum of four 16-bit
  /// uniforms, rescaled to unit variance. Only additions and one multiplication, so
  /// the result is bit-identical on every IEEE 754 machine (a Box–Muller transform
  /// would depend on the platform's `log` and `cos`). Its tails stop at ±3.46.
  func normal(_ index: Int) -> Double {
    let word = bits(index)
    var sum = 0.0
    for shift in stride(from: 0, to: 64, by: 16) {
      sum += (Double((word >> UInt64(shift)) & 0xFFFF) + 0.5) / 65_536
    }
    return (sum - 2) * 1.732_050_807_568_877_2
  }

  /// A Student-t number with five degrees of freedom for `index`, scaled to unit
  /// variance: a normal over the root of an independent χ²₅ / 5. Its tails are fat, as
  /// daily stock returns' are: kurtosis 9 against the normal's 3 (a little less here, as
  /// the normal is Irwin–Hall's and the tails are held within ±10). χ²₅ is built as
  /// −2·ln(U₁U₂) + N², so only `DeterministicMath.log` is needed, not a gamma sampler.
  func studentT(_ index: Int) -> Double {
    let base = 4 * index
    let first = 1 - uniform(base + 1)  // (0, 1]: its logarithm is finite
    let second = 1 - uniform(base + 2)
    let extra = normal(base + 3)
    let chiSquared = -2 * DeterministicMath.log(first * second) + extra * extra
    // t = N / √(χ²/5); its variance is 5/3, so × √(3/5). Held within ±10: a 20σ day
    // is history (October 1987), not something a practice market should deal out.
    let t = normal(base) * (3 / max(chiSquared, 1e-9)).squareRoot()
    return min(max(t, -10), 10)
  }

  /// A whole number in `range` for `index`.
  func integer(_ index: Int, in range: ClosedRange<Int>) -> Int {
    let span = UInt64(range.upperBound - range.lowerBound + 1)
    return range.lowerBound + Int(bits(index) % span)
  }

  /// A number in `range` for `index`.
  func value(_ index: Int, in range: ClosedRange<Double>) -> Double {
    range.lowerBound + uniform(index) * (range.upperBound - range.lowerBound)
  }

  static func mix(_ value: UInt64) -> UInt64 {
    var z = value &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// FNV-1a over UTF-8: a stable string hash (Swift's `Hasher` changes per process).
  static func fnv1a(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in text.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    return hash
  }
}
