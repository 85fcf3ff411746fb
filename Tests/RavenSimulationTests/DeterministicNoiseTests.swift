import Foundation
import Testing

@testable import RavenSimulation

@Suite("Deterministic randomness")
struct DeterministicNoiseTests {
  @Test("The same key gives the same numbers; pinned values guard cross-platform drift")
  func pinned() {
    let noise = DeterministicNoise(seed: 42).stream("test")
    #expect(noise.bits(0) == DeterministicNoise(seed: 42).stream("test").bits(0))
    #expect(noise.bits(0) != DeterministicNoise(seed: 43).stream("test").bits(0))
    #expect(DeterministicNoise.fnv1a("AAPL") == 0x8910_6B8B_9F08_6CCB)
  }

  @Test("Normals have mean 0 and variance 1")
  func normalMoments() {
    let noise = DeterministicNoise(seed: 1)
    let samples = (0..<200_000).map { noise.normal($0) }
    let mean = samples.reduce(0, +) / Double(samples.count)
    let variance = samples.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(samples.count)
    #expect(abs(mean) < 0.01)
    #expect(abs(variance - 1) < 0.01)
  }

  @Test("Uniforms fill [0, 1)")
  func uniformRange() {
    let noise = DeterministicNoise(seed: 2)
    let samples = (0..<10_000).map { noise.uniform($0) }
    #expect(samples.allSatisfy { (0..<1).contains($0) })
    #expect(samples.filter { $0 < 0.5 }.count > 4_800)
  }

  @Test(
    "The deterministic exp agrees with the platform's to 1e-14",
    arguments: [-20.0, -3.3, -0.5, 0, 1e-9, 0.3, 1, 2.5, 12])
  func exponential(x: Double) {
    let ours = DeterministicMath.exp(x)
    #expect(abs(ours - Foundation.exp(x)) <= 1e-14 * Foundation.exp(x))
  }

  @Test(
    "The deterministic log agrees with the platform's",
    arguments: [
      1e-300, 1e-6, 0.02, 0.5, 0.999_999_9, 1, 1.000_000_1, 1.414_213_6, 2, 37.5, 1e6, 1e300,
    ])
  func logarithm(x: Double) {
    #expect(
      abs(DeterministicMath.log(x) - Foundation.log(x)) <= 1e-14 * max(1, abs(Foundation.log(x))))
  }

  @Test("Student-t shocks: unit variance, fat tails (kurtosis well above 3), held within ±10")
  func studentT() {
    let noise = DeterministicNoise(seed: 5).stream("t")
    let samples = (0..<200_000).map(noise.studentT)
    let variance = samples.reduce(0) { $0 + $1 * $1 } / Double(samples.count)
    let kurtosis =
      samples.reduce(0) { $0 + $1 * $1 * $1 * $1 } / Double(samples.count) / (variance * variance)
    #expect(abs(variance - 1) < 0.03)
    #expect(kurtosis > 6 && kurtosis < 12)
    #expect(samples.allSatisfy { abs($0) <= 10 })
    #expect(samples.filter { abs($0) > 4 }.count > 100)  // a normal would give ~13
  }
}
