import Foundation
import RavenCore
import RavenStore
import RavenTestSupport
import Testing

/// The batch lookup the portfolio uses for its holdings' names answers as one lookup per
/// key would: fresh values only, stale ones dropped, unknown keys left out.
@Suite("Recent reads looked up together")
struct RecentReadsTests {
  @Test("values(for:) gives the fresh values, drops stale ones and leaves out unknown keys")
  func batch() throws {
    let clock = ManualWallClock(try Date("2026-11-20T15:00:00Z", strategy: .iso8601))
    let reads = RecentReads<String, Int>(lifetime: 10, capacity: 100, clock: clock)
    reads.remember(1, for: "old", readSince: reads.mark())
    clock.advance(by: 6)
    reads.remember(2, for: "new", readSince: reads.mark())
    reads.remember(3, for: "ending", readSince: reads.mark(), expiresAt: clock.now + 1)
    #expect(
      reads.values(for: ["old", "new", "ending", "never"]) == ["old": 1, "new": 2, "ending": 3])

    clock.advance(by: 5)
    #expect(reads.values(for: ["old", "new", "ending", "never"]) == ["new": 2])
    #expect(reads.count == 1)
    #expect(reads.value(for: "old") == nil)
  }
}
