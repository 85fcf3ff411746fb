import Foundation
import Testing

@testable import RavenCore

/// Order IDs are version 7 UUIDs: valid as RFC 9562 says, and sorting as they were made.
@Suite("Time-ordered order IDs")
struct TimeOrderedUUIDTests {
  @Test("Carries the time in milliseconds, version 7 and the RFC variant")
  func layout() throws {
    let time = try Date("2026-11-20T15:00:00.123Z", strategy: .iso8601)
    var generator = SplitMix64(seed: 7)
    let id = UUID.timeOrdered(at: time, using: &generator)
    let text = id.uuidString
    // 1,795,186,800,123 ms is 0x01A1_F978_B5FB.
    #expect(text.hasPrefix("01A1F978-B5FB-7"))
    let variant = text[text.index(text.startIndex, offsetBy: 19)]
    #expect("89AB".contains(variant))
    #expect(UUID(uuidString: text) == id)
  }

  @Test("IDs made in later milliseconds sort after earlier ones, as text and as bytes")
  func ordering() throws {
    let start = try Date("2026-11-20T15:00:00Z", strategy: .iso8601)
    var generator = SplitMix64(seed: 11)
    let ids = (0..<2_000).map { step in
      UUID.timeOrdered(at: start.addingTimeInterval(Double(step) * 0.0015), using: &generator)
    }
    let texts = ids.map(\.uuidString)
    #expect(texts == texts.sorted())
    #expect(Set(ids).count == ids.count)
  }

  @Test("Two IDs in the same millisecond differ")
  func sameMillisecond() throws {
    let time = try Date("2026-11-20T15:00:00Z", strategy: .iso8601)
    #expect(UUID.timeOrdered(at: time) != UUID.timeOrdered(at: time))
  }

  @Test("Times before 1970 and past the 48 bits' end are held at the ends, not wrapped")
  func bounds() {
    #expect(UUID.milliseconds(Date(timeIntervalSince1970: -5)) == 0)
    #expect(UUID.milliseconds(Date(timeIntervalSince1970: .nan)) == 0)
    #expect(UUID.milliseconds(Date(timeIntervalSince1970: 0.0019)) == 1)
    #expect(UUID.milliseconds(Date(timeIntervalSince1970: 1e15)) == 0xFFFF_FFFF_FFFF)
    #expect(UUID.milliseconds(Date(timeIntervalSince1970: 64_092_211_200)) == 64_092_211_200_000)
    var generator = SplitMix64(seed: 3)
    let last = UUID.timeOrdered(at: Date(timeIntervalSince1970: 1e15), using: &generator)
    #expect(last.uuidString.hasPrefix("FFFFFFFF-FFFF-7"))
  }
}
