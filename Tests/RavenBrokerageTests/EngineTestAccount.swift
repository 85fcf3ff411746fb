import Foundation
import RavenBrokerage
import RavenCore
import RavenGateway
import RavenSimulation
import RavenStore
import RavenStoreSQLite
import RavenTestSupport

extension LedgerAccount {
  /// A new user's account with $25,000 (or `cash`) on `engine`, placing at the quotes of
  /// `market` through a gateway, as the server does.
  static func fresh(
    store: SQLiteStore, market: SimulatedMarket, engine: OrderEngine, clock: ManualWallClock,
    securities: any SecurityTermsSource = UniformSecurityTerms(), username: String = "ada",
    cash: Money = 25_000
  ) async throws -> LedgerAccount {
    let gateway = MarketGateway(
      upstream: market, policy: UpstreamPolicy(id: "simulated"), clock: clock)
    let user = try await store.createUser(
      username: username, passwordHash: "x", startingCash: cash, at: clock.now)
    return LedgerAccount(
      accountID: try await store.firstAccount(of: user.id), userID: user.id, store: store,
      market: market, quotes: gateway,
      calendar: EngineFixture.calendar, clock: clock, engine: engine, securities: securities)
  }
}
