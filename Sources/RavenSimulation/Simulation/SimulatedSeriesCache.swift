import RavenCore
import RavenMarketData
import Synchronization

/// What the simulated market remembers so that it does not redo work: the factors (one
/// market, one per industry: a few hundred KB each, all kept), the stocks' daily series
/// (about 430 KB each, the most recently used `dailyCapacity` kept), their corporate
/// actions (a few KB each, `scheduleCapacity` kept: the whole universe) and recent sessions' minute paths (about 16 KB
/// each, `pathCapacity` kept).
///
/// Everything here is a pure function of its key and the seed, so a lost or evicted
/// entry is only rebuilt, never different. Builds run outside the lock: two requests
/// for the same new series may both build it, and the second result is dropped.
final class SimulatedSeriesCache: Sendable {
  static let dailyCapacity = 128
  static let pathCapacity = 1_024
  static let scheduleCapacity = 2_048

  private struct PathKey: Hashable {
    var symbol: Symbol
    var session: Int
  }

  private struct State {
    var market: FactorSeries?
    var industries: [String: FactorSeries] = [:]
    var daily = LRUCache<Symbol, DailySeries>(maxCost: dailyCapacity)
    var paths = LRUCache<PathKey, SessionPath>(maxCost: pathCapacity)
    // Small: every symbol's is kept, so lists across the market are built once.
    var schedules = LRUCache<Symbol, CorporateActionSchedule>(maxCost: scheduleCapacity)
  }

  private let state = Mutex(State())

  func market(_ build: () -> FactorSeries) -> FactorSeries {
    if let market = state.withLock({ $0.market }) { return market }
    let market = build()
    state.withLock { $0.market = $0.market ?? market }
    return market
  }

  func industry(_ name: String, _ build: () -> FactorSeries) -> FactorSeries {
    if let industry = state.withLock({ $0.industries[name] }) { return industry }
    let industry = build()
    state.withLock { $0.industries[name] = $0.industries[name] ?? industry }
    return industry
  }

  func daily(_ symbol: Symbol, _ build: () -> DailySeries) -> DailySeries {
    if let series = state.withLock({ $0.daily.value(forKey: symbol) }) { return series }
    let series = build()
    state.withLock { $0.daily.insert(series, forKey: symbol) }
    return series
  }

  func schedule(_ symbol: Symbol, _ build: () -> CorporateActionSchedule)
    -> CorporateActionSchedule
  {
    if let schedule = state.withLock({ $0.schedules.value(forKey: symbol) }) { return schedule }
    let schedule = build()
    state.withLock { $0.schedules.insert(schedule, forKey: symbol) }
    return schedule
  }

  func path(_ symbol: Symbol, session: Int, _ build: () -> SessionPath) -> SessionPath {
    let key = PathKey(symbol: symbol, session: session)
    if let path = state.withLock({ $0.paths.value(forKey: key) }) { return path }
    let path = build()
    state.withLock { $0.paths.insert(path, forKey: key) }
    return path
  }
}
