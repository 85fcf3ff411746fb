import Foundation
import RavenCore
import RavenMarketData
import Synchronization

/// What every lane shares: its sources, the wall clock and the metrics.
struct LaneContext: Sendable {
  /// The sources that may serve the lane's kind, in order of preference.
  let upstreams: [Upstream]
  /// Real time, for how long a flight has been running.
  let clock: any WallClock
  let metrics: GatewayMetrics
  let negativeLifetime: TimeInterval
}

/// The cache of one kind of answer with its requests in flight.
///
/// Every request is asked for an instant (the market clock's now, or a backtest's), and
/// every entry remembers the instant it answered for. An answer for t′ serves a request
/// for t only when t′ ≤ t < t′ + the lifetime: never an answer from t's future, never
/// one older than the lifetime allows. A new answer replaces an entry only if it is for
/// the same or a later instant, so a backtest asking about the past never evicts the
/// live entry.
///
/// A request is answered from a fresh entry if there is one; otherwise it joins the
/// identical request in flight, or starts one (a `Task` every identical caller awaits,
/// so N callers make one upstream call). It joins a flight for an instant t_f ≤ t that
/// is within the lifetime of t, or that has been running since: a slow provider's flight
/// is joined by the live requests that come while it runs (their instants move on with
/// real time), never by a request from far after its instant. Each caller's answer is
/// aged for its own instant. The flight asks the upstream for a call; when
/// that is refused or fails for a transient reason, it answers with the last good value
/// marked stale, and fails only when there never was one. Definitive answers ("unknown
/// symbol", "no data") are remembered for `negativeLifetime` and passed on as they are.
///
/// With a `fetchMany`, keys missing from one request are fetched in one upstream call,
/// and keys of a batch already in flight for another request join that flight.
final class CacheLane<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  typealias Outcome = Result<MarketAnswer<Value>, MarketDataError>
  typealias FetchOne =
    @Sendable (any MarketDataProvider, Key, Date) async throws(MarketDataError) -> Value
  typealias FetchMany =
    @Sendable (any MarketDataProvider, [Key], Date) async throws(MarketDataError) -> [Key: Value]
  typealias Flight = Task<[Key: Outcome], Never>

  struct Entry: Sendable {
    /// A value, or a definitive error remembered for a while.
    var result: Result<Value, MarketDataError>
    /// The instant the provider answered for.
    var asOf: Date
    var expiresAt: Date
    /// The provider that answered.
    var source: DataAttribution

    /// Whether the entry answers a request for `instant` as fresh.
    func isFresh(at instant: Date) -> Bool { asOf <= instant && instant < expiresAt }
  }

  /// A request on its way to a provider, for the instant of the caller who started it.
  struct Running: Sendable {
    let flight: Flight
    let asOf: Date
    let id: UInt64
    /// When it started, in real time.
    let startedAt: Date
  }

  struct State: Sendable {
    var cache: LRUCache<Key, Entry>
    var inFlight: [Key: Running] = [:]
    var nextFlightID: UInt64 = 0
    /// Callers awaiting a flight right now (for tests of single-flight).
    var awaitingCallers = 0
    /// The key of the latest value stored in each family (see `family`).
    var latestInFamily: [Key: Key] = [:]
  }

  let kind: MarketDataKind
  let context: LaneContext
  /// The longest an answer stays fresh: a request may join a flight for an instant at
  /// most this much earlier than its own.
  let lifetime: @Sendable (Key) -> TimeInterval
  let expiry: @Sendable (Key, Value, Date) -> Date
  let cost: @Sendable (Value) -> Int
  let fetchOne: FetchOne
  let fetchMany: FetchMany?
  /// The answer for a key a batch call left out.
  let absent: @Sendable (Key) -> MarketDataError
  /// Whether a batch call costs one token per key rather than one per call.
  let costPerKey: Bool
  /// Maps a key to the one key standing for its family: keys that ask about the same
  /// thing over moving windows (a symbol's bars of one resolution, its news). When a
  /// key was never fetched and the provider fails, the family's latest value is served
  /// stale instead, so a chart whose window moved on during an outage still shows what
  /// was last known.
  let family: (@Sendable (Key) -> Key)?
  let state: Mutex<State>

  init(
    kind: MarketDataKind, context: LaneContext, maxCost: Int,
    lifetime: @escaping @Sendable (Key) -> TimeInterval,
    expiry: (@Sendable (Key, Value, Date) -> Date)? = nil,
    cost: @escaping @Sendable (Value) -> Int = { _ in 1 },
    fetchOne: @escaping FetchOne, fetchMany: FetchMany? = nil,
    absent: @escaping @Sendable (Key) -> MarketDataError = { _ in
      .unavailable("the provider left the answer out")
    },
    costPerKey: Bool = false, family: (@Sendable (Key) -> Key)? = nil
  ) {
    self.kind = kind
    self.context = context
    self.lifetime = lifetime
    // An answer lives its key's lifetime unless the lane cuts it short (at the bell).
    self.expiry = expiry ?? { key, _, asOf in asOf.addingTimeInterval(lifetime(key)) }
    self.cost = cost
    self.fetchOne = fetchOne
    self.fetchMany = fetchMany
    self.absent = absent
    self.costPerKey = costPerKey
    self.family = family
    self.state = Mutex(State(cache: LRUCache(maxCost: maxCost)))
  }

  /// A cache whose entries all live `lifetime` seconds.
  convenience init(
    kind: MarketDataKind, context: LaneContext, maxCost: Int, lifetime: TimeInterval,
    cost: @escaping @Sendable (Value) -> Int = { _ in 1 },
    family: (@Sendable (Key) -> Key)? = nil, fetchOne: @escaping FetchOne
  ) {
    self.init(
      kind: kind, context: context, maxCost: maxCost, lifetime: { _ in lifetime }, cost: cost,
      fetchOne: fetchOne, family: family)
  }

  /// The answer for one key at `instant`.
  func answer(_ key: Key, at instant: Date) async throws(MarketDataError) -> MarketAnswer<Value> {
    guard let outcome = await answers([key], at: instant)[key] else {
      throw .unavailable("no answer for the request")
    }
    return try outcome.get()
  }

  /// An answer for each of `keys` at `instant`.
  func answers(_ keys: [Key], at instant: Date) async -> [Key: Outcome] {
    let lookup = state.withLock { state in lookUp(keys, at: instant, in: &state) }
    context.metrics.cache(kind, .hit, count: lookup.ready.count)
    guard !lookup.flights.isEmpty else { return lookup.ready }
    var outcomes = lookup.ready
    for flight in lookup.flights {
      for (key, outcome) in await flight.value where lookup.awaited.contains(key) {
        // A joined flight may have been for an earlier instant than this caller's.
        outcomes[key] = outcome.map { answer in
          var answer = answer
          answer.age = max(0, instant.timeIntervalSince(answer.fetchedAt))
          return answer
        }
      }
    }
    state.withLock { $0.awaitingCallers -= 1 }
    let stale = lookup.awaited.count { key in (try? outcomes[key]?.get())?.isStale == true }
    context.metrics.cache(kind, .stale, count: stale)
    context.metrics.cache(kind, .miss, count: lookup.awaited.count - stale)
    return outcomes
  }

  /// Replaces each cached value that `transform` changes (returns non-nil for) with the
  /// new value, fresh as of `now`; keys not cached, cached as an error or for a later
  /// instant are left alone. For values a live feed moves between upstream calls.
  /// Returns how many changed.
  @discardableResult
  func amend(_ keys: [Key], at now: Date, _ transform: (Key, Value) -> Value?) -> Int {
    state.withLock { state in
      var changed = 0
      for key in keys {
        guard let entry = state.cache.peek(key), entry.asOf <= now,
          case .success(let value) = entry.result, let amended = transform(key, value)
        else { continue }
        state.cache.insert(
          Entry(
            result: .success(amended), asOf: now, expiresAt: expiry(key, amended, now),
            source: entry.source), forKey: key, cost: cost(amended))
        changed += 1
      }
      return changed
    }
  }

  /// Callers awaiting an upstream answer right now.
  var awaitingCallers: Int { state.withLock { $0.awaitingCallers } }

  /// Entries in the cache (fresh, expired or negative).
  var cachedCount: Int { state.withLock { $0.cache.count } }

  private struct Lookup: Sendable {
    var ready: [Key: Outcome] = [:]
    var awaited: Set<Key> = []
    var flights: [Flight] = []
  }

  private func lookUp(_ keys: [Key], at instant: Date, in state: inout State) -> Lookup {
    var lookup = Lookup()
    lookup.ready.reserveCapacity(keys.count)
    var missing: [Key] = []
    var stale: [Key: Entry] = [:]
    let wallNow = context.clock.now
    for key in keys where lookup.ready[key] == nil && !lookup.awaited.contains(key) {
      if let entry = state.cache.value(forKey: key), entry.isFresh(at: instant) {
        lookup.ready[key] = entry.result.map { value in
          MarketAnswer(
            value: value, fetchedAt: entry.asOf, age: instant.timeIntervalSince(entry.asOf),
            source: entry.source)
        }
        continue
      }
      lookup.awaited.insert(key)
      if let running = state.inFlight[key], running.asOf <= instant,
        instant.timeIntervalSince(running.asOf)
          < lifetime(key) + wallNow.timeIntervalSince(running.startedAt)
      {
        if !lookup.flights.contains(running.flight) { lookup.flights.append(running.flight) }
        continue
      }
      missing.append(key)
      if let entry = lastGood(key, at: instant, in: state) { stale[key] = entry }
    }
    // One flight for all missing keys when the provider takes batches, else one each.
    let groups = fetchMany == nil ? missing.map { [$0] } : (missing.isEmpty ? [] : [missing])
    for group in groups {
      let fallback = groups.count == 1 ? stale : stale.filter { group.contains($0.key) }
      let id = state.nextFlightID
      state.nextFlightID += 1
      let flight = Task { await self.load(group, at: instant, stale: fallback, flight: id) }
      // Later requests join the flight for the latest instant; one for an earlier
      // instant (a backtest's) runs beside it.
      for key in group where (state.inFlight[key]?.asOf ?? .distantPast) <= instant {
        state.inFlight[key] = Running(flight: flight, asOf: instant, id: id, startedAt: wallNow)
      }
      lookup.flights.append(flight)
    }
    if !lookup.flights.isEmpty { state.awaitingCallers += 1 }
    return lookup
  }

  /// The key's own last good entry, else its family's latest, if it is not from after
  /// `instant`.
  private func lastGood(_ key: Key, at instant: Date, in state: State) -> Entry? {
    if let entry = state.cache.peek(key), entry.asOf <= instant, case .success = entry.result {
      return entry
    }
    guard let family, let latest = state.latestInFamily[family(key)],
      let entry = state.cache.peek(latest), entry.asOf <= instant, case .success = entry.result
    else { return nil }
    return entry
  }
}
