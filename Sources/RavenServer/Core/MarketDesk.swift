import RavenCore
import RavenGateway
import RavenMarketData

/// The market as the routes show it: every answer through the gateway (cached, merged,
/// within budget), the charts built on it, the exchange's calendar and the market's time.
struct MarketDesk: Sendable {
  let gateway: MarketGateway
  let charts: ChartBuilder
  let calendar: NYSECalendar
  /// The market's time: quotes, charts, the exchange's sessions, orders and fills.
  let marketClock: any WallClock
  /// The market's splits and dividends; nil where no source in use serves them (live data
  /// without one: nothing is booked then, rather than guessed).
  var corporateActions: (any CorporateActionSource)? = nil
}
