import Foundation
import RavenCore
import RavenMarketData
import Synchronization

/// A market-data provider for tests: canned answers, a count of every call, and
/// switches to fail (`fail(with:)`), to hold calls until released (`suspendCalls()`),
/// and to not know symbols (`markUnknown(_:)`).
///
/// Anything not configured fails loudly: the call throws `invalidRequest` naming the
/// method and is listed in `unexpectedCalls`, so a test learns it asked for something
/// it did not set up rather than getting a plausible default.
public final class FakeMarketDataProvider: Sendable {
  public enum Method: String, Sendable, Hashable, CaseIterable {
    case quote
    case quotes
    case search
    case profile
    case bars
    case news
    case peers
    case recommendationTrends
    case earnings
    case socialSentiment
    case marketStatus
    case corporateActions
  }

  /// One call as it reached the provider.
  public struct Call: Sendable, Hashable {
    public var method: Method
    /// The symbols asked about (empty for search and market status).
    public var symbols: [Symbol]
    /// The clock's time of the call, when the fake was given a clock.
    public var at: Date?
    /// The instant the answer was asked for (nil for search and peers, the same at
    /// every instant).
    public var asOf: Date?
  }

  struct State {
    var quotes: [Symbol: Quote] = [:]
    var searchResults: [String: [SearchResult]] = [:]
    var profiles: [Symbol: CompanyProfile] = [:]
    var bars: [Symbol: [BarResolution: [Bar]]] = [:]
    var news: [Symbol: [NewsArticle]] = [:]
    var peers: [Symbol: [Symbol]] = [:]
    var recommendationTrends: [Symbol: [RecommendationTrend]] = [:]
    var earnings: [Symbol: [EarningsSurprise]] = [:]
    var socialSentiment: [Symbol: SocialSentiment] = [:]
    var marketStatus: MarketStatus?
    var corporateActions: [Symbol: [CorporateAction]] = [:]
    var unknownSymbols: Set<Symbol> = []
    var failure: MarketDataError?
    var isSuspending = false
    var suspended: [CheckedContinuation<Void, Never>] = []
    var suspensionWatchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    var calls: [Call] = []
    var unexpectedCalls: [String] = []
    /// The adjustment each bars call asked for, in order.
    var barAdjustments: [BarAdjustment] = []
  }

  public let attribution: DataAttribution
  private let clock: (any WallClock)?
  let state = Mutex(State())

  public init(
    attribution: DataAttribution = DataAttribution(
      name: "Fake market data", url: nil, isSimulated: true),
    clock: (any WallClock)? = nil
  ) {
    self.attribution = attribution
    self.clock = clock
  }

  // MARK: Behaviour

  /// Every call from now on throws `error` (after any suspension), until `recover()`.
  public func fail(with error: MarketDataError = .unavailable("the fake provider is down")) {
    state.withLock { $0.failure = error }
  }

  public func recover() {
    state.withLock { $0.failure = nil }
  }

  /// Calls from now on wait (after being counted) until `resumeCalls()`.
  public func suspendCalls() {
    state.withLock { $0.isSuspending = true }
  }

  /// Lets every waiting call go on and stops suspending new ones.
  public func resumeCalls() {
    let waiting = state.withLock { state in
      state.isSuspending = false
      defer { state.suspended = [] }
      return state.suspended
    }
    for continuation in waiting { continuation.resume() }
  }

  /// Returns once at least `count` calls are waiting in a suspension.
  public func waitForSuspendedCalls(_ count: Int) async {
    await withCheckedContinuation { continuation in
      let ready = state.withLock { state in
        guard state.suspended.count < count else { return true }
        state.suspensionWatchers.append((count, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }

  /// Symbols the provider does not list: single requests throw `unknownSymbol`, batches
  /// leave them out.
  public func markUnknown(_ symbols: Symbol...) {
    state.withLock { $0.unknownSymbols.formUnion(symbols) }
  }

  // MARK: Inspection

  public func callCount(_ method: Method) -> Int {
    state.withLock { state in state.calls.count { $0.method == method } }
  }

  /// Calls of every method together.
  public var totalCalls: Int { state.withLock { $0.calls.count } }

  public var calls: [Call] { state.withLock { $0.calls } }

  /// Calls that found no canned answer, e.g. `profile(for: AAPL)`.
  public var unexpectedCalls: [String] { state.withLock { $0.unexpectedCalls } }

  /// The adjustment each bars call asked for, in order. The fake serves its canned bars
  /// for every adjustment.
  public var barAdjustments: [BarAdjustment] { state.withLock { $0.barAdjustments } }

  public func resetCalls() {
    state.withLock { state in
      state.calls = []
      state.unexpectedCalls = []
    }
  }

  // MARK: Answering

  /// Counts the call, waits while suspended, then answers from the state (or fails).
  func answer<Value>(
    _ method: Method, symbols: [Symbol] = [], asOf instant: Date? = nil,
    _ body: (inout State) throws(MarketDataError) -> Value
  ) async throws(MarketDataError) -> Value {
    let call = Call(method: method, symbols: symbols, at: clock?.now, asOf: instant)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let (parked, watchers) = state.withLock { state in
        state.calls.append(call)
        guard state.isSuspending else {
          return (false, [CheckedContinuation<Void, Never>]())
        }
        state.suspended.append(continuation)
        let count = state.suspended.count
        let due = state.suspensionWatchers.filter { $0.count <= count }.map(\.continuation)
        state.suspensionWatchers.removeAll { $0.count <= count }
        return (true, due)
      }
      for watcher in watchers { watcher.resume() }
      if !parked { continuation.resume() }
    }
    return try state.withLock { state throws(MarketDataError) in
      if let failure = state.failure { throw failure }
      return try body(&state)
    }
  }

  /// Records a call without a canned answer and the error it throws.
  static func unexpected(_ description: String, in state: inout State) -> MarketDataError {
    state.unexpectedCalls.append(description)
    return .invalidRequest(
      "FakeMarketDataProvider has no answer for \(description); configure one first")
  }

  /// The canned value for `symbol`: unknown symbols throw `unknownSymbol`, missing ones
  /// are unexpected.
  static func lookUp<Value>(
    _ table: [Symbol: Value], _ symbol: Symbol, _ description: String, in state: inout State
  ) throws(MarketDataError) -> Value {
    if state.unknownSymbols.contains(symbol) { throw .unknownSymbol(symbol) }
    guard let value = table[symbol] else { throw unexpected(description, in: &state) }
    return value
  }
}
