import Foundation
import PropertyBased
import RavenCore
import Testing

/// A path of daily returns (in basis points) and a deposit at one of its sessions.
private struct Path: Sendable, CustomStringConvertible {
  var returns: [Int]
  var depositAt: Int
  var depositCents: Int64

  var description: String { "returns \(returns) bp, deposit \(depositCents)¢ at \(depositAt)" }
}

private let paths = zip(
  Gen.int(in: -900...900).array(of: 2...40), Gen.int(in: 0...1_000),
  Gen.int64(in: 1...10_000_000)
).map { returns, position, cents in
  Path(returns: returns, depositAt: 1 + position % (returns.count - 1), depositCents: cents)
}

@Suite("Performance properties")
struct PerformancePropertyTests {
  typealias F = PerformanceFixtures

  /// Samples growing by `path`'s returns from $10,000, with `deposit` added after the
  /// return at `path.depositAt` when given. Values keep eight fraction digits, so rounding
  /// does not blur the comparison.
  private func samples(_ path: Path, deposit: Bool) -> [PerformanceSample] {
    var value = Decimal(10_000)
    var samples = [F.sample(day: 0, value: "10000", flow: "10000")]
    for (position, basisPoints) in path.returns.enumerated() {
      value = value * (1 + Decimal(basisPoints) / 10_000)
      var flow = Decimal(0)
      if deposit && position + 1 == path.depositAt {
        flow = Decimal(path.depositCents) / 100
        value += flow
      }
      let rounded = Money(
        exact: ExactDecimal(value, fractionDigits: 10).rounded(toFractionDigits: 8))
      value = rounded.exact.value
      samples.append(
        F.sample(
          day: position + 1, value: rounded.description,
          flow: Money(exact: ExactDecimal(flow, fractionDigits: 2)).description))
    }
    return samples
  }

  @Test("With no flows, time-weighted = money-weighted over the range = the simple return")
  func noFlows() async {
    await propertyCheck(count: 200, input: paths) { path in
      let samples = samples(path, deposit: false)
      let simple =
        NSDecimalNumber(decimal: samples.last!.value.exact.value).doubleValue / 10_000 - 1
      #expect(abs(TimeWeightedReturn(samples).total - simple) < 1e-9)
      if case .rate(let period, _) = MoneyWeightedReturn(samples) {
        #expect(abs(period - simple) < 1e-7)
      } else {
        // Only an account that lost everything has no rate.
        #expect(samples.last!.value.isZero)
      }
    }
  }

  @Test("A deposit at any session leaves the time-weighted return as it was")
  func depositInvariance() async {
    await propertyCheck(count: 200, input: paths) { path in
      let without = TimeWeightedReturn(samples(path, deposit: false)).total
      let with = TimeWeightedReturn(samples(path, deposit: true)).total
      #expect(abs(with - without) < 1e-9 * max(1, abs(without)))
    }
  }
}
