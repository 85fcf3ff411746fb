import Foundation
import RavenCore
import RavenSimulation

/// The paths of Raven's own pages that API answers link to, outside the web app.
enum OwnPages {
  /// What the simulated market is (the simulated data's attribution links here).
  static let simulatedMarket = "/simulated-market"

  /// A simulated story (`/news/sim-AAPL-20261120-1`); its id is URL-safe as it is.
  static func story(_ id: SimulatedStoryID) -> String { "/news/\(id)" }
}

extension NewsArticle {
  /// The story with a link to open: a story without one that Raven can show itself (a
  /// simulated story) gets its page at `publicURL`; every other story is left as it came,
  /// a live story with its publisher's link.
  func linked(from publicURL: String) -> NewsArticle {
    guard url == nil, let id = SimulatedStoryID(id) else { return self }
    var linked = self
    linked.url = publicURL + OwnPages.story(id)
    return linked
  }
}

extension DataAttribution {
  /// Made-up data has no home page elsewhere: its attribution links to Raven's page about
  /// the simulated market at `publicURL`. A real provider keeps its own site.
  func linked(from publicURL: String) -> DataAttribution {
    guard isSimulated, url == nil else { return self }
    var linked = self
    linked.url = publicURL + OwnPages.simulatedMarket
    return linked
  }
}
