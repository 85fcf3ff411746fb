import Foundation
import RavenCore
import RavenMarketData

/// A deterministic market of real US companies with made-up prices.
///
/// Prices are a pure function of (symbol, instant, seed): the same minute has the same
/// price on every machine and every run, history of any length costs no storage, and
/// prices move only during NYSE sessions. Everything it produces says it is simulated.
///
/// It has no clock of its own: every question names the instant it is about.
public struct SimulatedMarket: Sendable {
  public let seed: UInt64
  public let universe: CompanyUniverse
  public let calendar: NYSECalendar
  let model: PriceModel
  let stocks: [Symbol: StockModel]
  /// Shared by every copy of this market: the series and paths already built.
  let cache = SimulatedSeriesCache()

  public static let attribution = DataAttribution(
    name: "Raven simulated market", url: nil, isSimulated: true)

  /// Where every simulated price is anchored: each stock trades at its reference
  /// price at the close of the first session on or after this day.
  static let anchorDate = MarketDate(year: 2024, month: 1, day: 2)!

  public init(
    seed: UInt64 = 0, universe: CompanyUniverse = .builtIn(),
    calendar: NYSECalendar = NYSECalendar()
  ) {
    self.seed = seed
    self.universe = universe
    self.calendar = calendar
    let model = PriceModel(seed: seed, calendar: calendar)
    self.model = model
    self.stocks = Dictionary(
      universe.companies.map {
        (
          $0.symbol,
          StockModel(company: $0, noise: model.noise, calendar: calendar, anchor: Self.anchorDate)
        )
      }, uniquingKeysWith: { first, _ in first })
  }

  func stock(_ symbol: Symbol) throws(MarketDataError) -> StockModel {
    guard let stock = stocks[symbol] else { throw .unknownSymbol(symbol) }
    return stock
  }

  /// The session that opened most recently at `instant` (in progress or closed), if
  /// the stock was trading by then.
  func latestSession(of stock: StockModel, at instant: Date) throws(MarketDataError) -> SessionPath
  {
    guard let index = calendar.latestSessionIndex(openedAtOrBefore: instant),
      index >= stock.firstSession
    else { throw .noData(stock.company.symbol) }
    return path(stock, session: index)
  }
}
