import Foundation
import RavenCore
import RavenTestSupport
import Testing

@testable import RavenSimulation

@Suite("Simulated story ids")
struct SimulatedStoryIDTests {
  @Test("An id reads back as the symbol, the session's day and the ordinal it was made of")
  func roundTrip() throws {
    let id = try #require(SimulatedStoryID("sim-AAPL-20261120-1"))
    #expect(id.symbol == "AAPL" && id.date == MarketDate("2026-11-20") && id.ordinal == 1)
    #expect(id.description == "sim-AAPL-20261120-1")
    // A symbol with a dash: the date and ordinal are read from the right.
    let dashed = try #require(SimulatedStoryID("sim-BRK-B-20261120-3"))
    #expect(dashed.symbol == "BRK-B" && dashed.ordinal == 3)
    #expect(NewsDesk.id("KO", MarketDate("2026-01-02")!, 2) == "sim-KO-20260102-2")
  }

  @Test("Every story the desk writes has an id that reads back to it")
  func storiesReadBack() throws {
    let market = MarketFixture.market()
    let now = MarketFixture.instant("2026-11-21T01:00:00Z")
    let stories = try market.news(
      for: "MSFT", from: now.addingTimeInterval(-14 * 86_400), to: now, asOf: now)
    #expect(!stories.isEmpty)
    for story in stories {
      let id = try #require(SimulatedStoryID(story.id))
      #expect(id.symbol == story.symbol)
      #expect(id.date == market.calendar.timeZone.marketDate(of: story.publishedAt))
    }
  }

  @Test(
    "Other text is not a simulated story's id",
    arguments: [
      "", "sim-", "AAPL-20261120-1", "sim-AAPL-20261120", "sim-AAPL-2026112-1",
      "sim-AAPL-20261320-1", "sim-AAPL-20261120-0", "sim-AAPL-20261120-4", "sim-AAPL-20261120-01",
      "sim-AAPL-20261120-+1", "sim-aapl-20261120-1", "sim--20261120-1", "sim-A A-20261120-1",
      "sim-AAPL-2026-11-20-1", "123456",
    ])
  func malformed(text: String) {
    #expect(SimulatedStoryID(text) == nil)
  }
}
