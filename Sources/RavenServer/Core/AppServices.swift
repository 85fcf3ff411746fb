import Logging
import RavenBrokerage
import RavenCore
import RavenGateway
import RavenMarketData
import RavenStore

/// What the controllers use, built once in `buildApplication`.
struct AppServices: Sendable {
  let configuration: ServerConfiguration
  let store: any Store
  /// The market gateway: cached, rate-budgeted market data.
  let market: any MarketDataProvider
  /// The same gateway, for what only it can say (ages, budgets, circuits).
  let gateway: MarketGateway
  let charts: ChartBuilder
  let calendar: NYSECalendar
  /// Real time: sessions, tokens and throttles.
  let clock: any WallClock
  /// The market's time: quotes, charts, the exchange's sessions, orders and fills.
  let marketClock: any WallClock
  let passwords: PasswordHasher
  /// What a new password must be (the common passwords shipped with Raven).
  var passwordPolicy: PasswordPolicy { .bundled }
  let throttle: LoginThrottle
  let metrics: AppMetrics
  let logger: Logger
  /// Where users who linked their own brokerage account trade instead of the ledger.
  let brokerage: any Brokerage
  /// Seals and opens those users' brokerage keys.
  let sealer: CredentialSealer
  /// Matches the ledger accounts' orders.
  let engine: OrderEngine
  /// The WebSocket stream: order changes are pushed to their owner's connections.
  let hub: QuoteStreamHub
  /// Who each session and API token belongs to, as read moments ago; what this server
  /// revokes is forgotten here at once.
  let credentials: CredentialCache
  /// Revokes credentials: forgets them in `credentials` and closes the streams opened
  /// with them.
  let revocations: CredentialRevocations
  /// Each user's account and brokerage link as read moments ago, for reads only.
  let accountReads: AccountReads
  /// Each user's last portfolio answer, reused while none of its figures has moved.
  let encodedPortfolios: EncodedPortfolios
  /// Companies' names, for portfolios and watchlists.
  let names: CompanyNames
}
