import Foundation
import RavenCore
import RavenGateway
import RavenStore

/// Companies' names as their profiles gave them within the hour: a portfolio or watchlist
/// names every holding on every request, and copying twenty whole profiles out of the
/// gateway's cache for their names was a tenth of a portfolio request's CPU.
struct CompanyNames: Sendable {
  /// A company renamed shows its new name within this long.
  static let lifetime: TimeInterval = 3600

  private let known: RecentReads<Symbol, String>
  /// Where the names come from: the companies' profiles.
  private let gateway: MarketGateway

  init(gateway: MarketGateway, clock: any WallClock, capacity: Int = 10_000) {
    known = RecentReads(lifetime: Self.lifetime, capacity: capacity, clock: clock)
    self.gateway = gateway
  }

  /// The names of `symbols` known to the gateway's providers at `instant`; unknown ones
  /// are left out.
  func names(of symbols: [Symbol], at instant: Date) async -> [Symbol: String] {
    var names = known.values(for: symbols)
    let missing = symbols.filter { names[$0] == nil }
    guard !missing.isEmpty else { return names }
    let mark = known.mark()
    for (symbol, profile) in await gateway.companyProfiles(for: missing, at: instant) {
      names[symbol] = profile.name
      known.remember(profile.name, for: symbol, readSince: mark)
    }
    return names
  }
}
