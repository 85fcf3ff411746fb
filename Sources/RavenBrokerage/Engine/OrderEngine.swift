import Foundation
import Logging
import RavenCore
import RavenMarketData
import RavenStore

/// Raven's built-in order engine: matches every open order of every account against the
/// market's minute bars, minute by minute, and applies what fills through the store.
///
/// Prices are a function of time, so the engine needs no memory of its own beyond the
/// store's: each pass reads the open orders and the last minute matched, matches every
/// complete minute since (minutes the server was down included), and records the fills
/// and the minute matched in one transaction per minute.
public actor OrderEngine {
  let store: any Store
  let market: any MarketDataProvider
  let calendar: NYSECalendar
  let clock: any WallClock
  let matcher: MinuteMatcher
  /// With a live provider: the bars of the prices seen live, for the minutes the provider
  /// has no bar for (`nil` for the simulated market, whose bars are all known).
  let tape: MinuteTape?
  /// Whether `market`'s minute bars are the real market's. False when the live providers
  /// serve no price history: the market's bars would then be the simulated market's, and
  /// live orders must never fill on made-up prices, so only the tape's count.
  let marketBarsAreLive: Bool
  /// How long after a minute ends its bar is matched: a live provider publishes a minute's
  /// bar a few seconds after it ends, and a minute matched without its bar never fills.
  let barDelay: TimeInterval
  /// The simulated market, whose quotes have a spread: market orders then buy at the ask
  /// and sell at the bid (`nil` on a live market, whose orders fill at the price seen).
  let decided: (any DecidedMarket)?
  /// Where an order the engine rejects is reported.
  let logger: Logger
  /// Which shares can be borrowed, and leveraged funds' margins (for margin calls).
  let securities: any SecurityTermsSource
  /// The market's splits and dividends, booked as matching reaches their ex-dates; nil
  /// books none (a live market whose provider serves none).
  let corporateActions: (any CorporateActionSource)?
  /// The last minute's close at which margin accounts were checked.
  var marginCheckedThrough: Date?
  /// The symbols of the open orders at the last pass: a live trade stream follows them.
  public private(set) var followedSymbols: Set<Symbol> = []
  private var quotesAskedAt: Date?
  /// What orders placed during a minute have taken from it, per minute and symbol, so that
  /// the minute's matching once it has ended (`barDelay` later on a live market) shares the
  /// same volume. Minutes are dropped once matched.
  private var taken: [Date: [Symbol: MinuteLiquidity]] = [:]
  /// The minute before which the store's claims on minutes were last dropped.
  private var claimsForgottenBefore: Date?

  /// How far back a pass matches minutes (and books actions) after a long absence.
  static let longestAbsence: TimeInterval = 365 * 86_400

  /// A `gtc` order ends this long after it was placed, as Alpaca's do.
  public static let goodTillCanceledDays = 90

  /// How often open orders' quotes are asked for to record on the tape (the provider's
  /// rate budget is shared with every user's screens).
  public static let tapeQuoteInterval: TimeInterval = 15
  /// How long after a minute ends a live market's minute is matched.
  public static let liveBarDelay: TimeInterval = 15

  public init(
    store: any Store, market: any MarketDataProvider, calendar: NYSECalendar,
    clock: any WallClock, matcher: MinuteMatcher = MinuteMatcher(), tape: MinuteTape? = nil,
    marketBarsAreLive: Bool = true, barDelay: TimeInterval = 0,
    decided: (any DecidedMarket)? = nil,
    securities: any SecurityTermsSource = UniformSecurityTerms(),
    corporateActions: (any CorporateActionSource)? = nil,
    logger: Logger = Logger(label: "raven.orders")
  ) {
    self.securities = securities
    self.corporateActions = corporateActions
    self.store = store
    self.market = market
    self.calendar = calendar
    self.clock = clock
    self.matcher = matcher
    self.tape = tape
    self.marketBarsAreLive = marketBarsAreLive
    self.barDelay = barDelay
    self.decided = decided
    self.logger = logger
  }

  /// Matches an order about to be placed (its version 1) against the rest of the minute,
  /// at `price` (the price it is placed at), when the market is open: what the store
  /// applies as it records the order, in the same transaction. The liquidity a fill takes
  /// is set aside at once, so orders placed together share the minute's volume; `release`
  /// gives it back when the placement is refused.
  public func matchPlacing(_ stored: StoredOrder, at price: Price) async -> PlacingMatch {
    let now = clock.now
    guard calendar.isOpen(at: now) else { return PlacingMatch() }
    let minute = MarketMinute.start(of: now)
    // On a live market with nothing seen yet this minute, the price placed at stands for
    // the rest of it, its volume unknown (so a market order fills at it, as a simple trade
    // does). It is not put on the tape: other accounts' resting orders match only prices
    // seen traded.
    let soFar =
      await minuteSoFar(stored.order.symbol, at: now)
      ?? tape.map { _ in
        Bar(
          time: minute, open: price, high: price, low: price, close: price,
          volume: MinuteTape.unknownVolume)
      }
    // A quote a cache kept from moments ago may lie outside this minute; the minute's
    // range so far lies within its final bar, so a price held inside it always does.
    let placingPrice = soFar.map { min(max(price, $0.low), $0.high) } ?? price
    // The minute's spread, and its whole range to hold a fill at the bid or ask.
    let spread = quotedSpread(of: stored.order.symbol, at: minute)
    let window = MarketMinute.placing(
      at: now, price: placingPrice, volumeAfter: soFar.map { Self.volumeAfter($0, at: now) } ?? 0,
      spread: spread)
    // A server that does not run the engine never matches a minute's end, so its memory
    // of past minutes goes here.
    if taken.count > 3 { taken = taken.filter { $0.key >= minute.addingTimeInterval(-120) } }
    let symbol = stored.order.symbol
    let side = stored.order.side
    let resting = RestingOrder(stored.order)
    let before = taken[minute]?[symbol]?[side] ?? .zero
    let outcomes = matcher.match(
      [resting], in: window, placing: true,
      taken: &taken[minute, default: [:]][symbol, default: MinuteLiquidity()])
    let after = taken[minute]?[symbol]?[side] ?? .zero
    let changes = outcomes.map { outcome in
      OrderChange(
        orderID: stored.order.id, accountID: stored.accountID, version: stored.version,
        update: .minute(outcome), time: now)
    }
    guard after > before else { return PlacingMatch(changes: changes, claim: nil) }
    let claim = MinuteVolumeClaim(
      symbol: symbol, minute: minute, side: side, shares: after - before,
      ceiling: matcher.ceiling(for: resting, in: window, placing: true) ?? after)
    return PlacingMatch(changes: changes, claim: claim)
  }

  /// Gives back what a placement the store refused had set aside of its minute.
  public func release(_ match: PlacingMatch) {
    guard let claim = match.claim, var liquidity = taken[claim.minute]?[claim.symbol] else {
      return
    }
    liquidity[claim.side] = max(liquidity[claim.side] - claim.shares, .zero)
    taken[claim.minute]?[claim.symbol] = liquidity
  }

  /// Learns that the store holds `total` shares taken of `match`'s minute and side, when it
  /// refused the match's claim: other servers' orders took them. Orders matched after (the
  /// refused one again first) share what is left.
  public func learn(_ total: ExactDecimal, refused match: PlacingMatch) {
    guard let claim = match.claim else { return }
    let known = taken[claim.minute]?[claim.symbol]?[claim.side] ?? .zero
    taken[claim.minute, default: [:]][claim.symbol, default: MinuteLiquidity()][claim.side] = max(
      known, total)
  }

  /// Where a market order on `side` fills at once at `quote`: at its ask or bid held
  /// inside the minute's range on a market that quotes a spread, else at its price (also
  /// once the market has closed, where the quote is the close).
  public func marketPrice(_ side: TradeSide, quote: Quote) -> Price {
    guard calendar.isOpen(at: quote.time),
      let spread = quotedSpread(of: quote.symbol, at: MarketMinute.start(of: quote.time))
    else { return quote.price }
    return spread.fill(side, at: quote.price)
  }

  /// The spread quoted through the whole minute starting at `minute`, on a market that
  /// quotes one.
  private func quotedSpread(of symbol: Symbol, at minute: Date) -> MarketMinute.Spread? {
    decided?.decidedMinute(for: symbol, at: minute).map(MarketMinute.Spread.init(quotedIn:))
  }

  /// The minute in progress as traded up to `instant`; nil when the market has no bar
  /// for it yet (nothing then fills before the minute ends).
  private func minuteSoFar(_ symbol: Symbol, at instant: Date) async -> Bar? {
    let start = MarketMinute.start(of: instant)
    let bars = try? await minuteBars(for: symbol, from: start, to: start.addingTimeInterval(60))
    return bars?.last(where: { $0.time == start })
  }

  /// The provider's minute bars in `[from, to)`, and the tape's for the minutes it lacks.
  /// Throws when the provider fails (a rate limit, an outage): the minutes are then matched
  /// on a later pass rather than passed over without their bars.
  private func minuteBars(for symbol: Symbol, from: Date, to: Date) async throws -> [Bar] {
    let provided = try await providedBars(for: symbol, from: from, to: to)
    guard let tape else { return provided }
    let known = Set(provided.map(\.time))
    let seen = tape.bars(for: symbol, from: from, to: to).filter { !known.contains($0.time) }
    return seen.isEmpty ? provided : (provided + seen).sorted { $0.time < $1.time }
  }

  /// The market's own minute bars, when they are the real market's; none for a symbol it
  /// does not list or a span it has no data for.
  private func providedBars(for symbol: Symbol, from: Date, to: Date) async throws -> [Bar] {
    guard marketBarsAreLive else { return [] }
    switch await Result.answer({ () async throws(MarketDataError) in
      // As they traded: orders match the prices of their minute, not today's adjusted ones.
      try await market.rawBars(
        for: symbol, resolution: .minute, from: from, to: to, asOf: clock.now)
    }) {
    case .success(let bars): return bars
    case .failure(.noData), .failure(.unknownSymbol): return []
    case .failure(let error): throw error
    }
  }

  /// Records the open orders' quotes on the tape, every `tapeQuoteInterval` at most: the
  /// prices seen when no trade stream reports them.
  private func recordQuotes(of symbols: Set<Symbol>, at now: Date) async {
    guard let tape, !symbols.isEmpty, calendar.isOpen(at: now),
      quotesAskedAt.map({ now.timeIntervalSince($0) >= Self.tapeQuoteInterval }) ?? true
    else { return }
    quotesAskedAt = now
    guard let quotes = try? await market.quotes(for: symbols.sorted(), at: now) else { return }
    for quote in quotes.values { tape.record(quote) }
  }

  /// The shares the minute in progress will trade after `instant`, estimated from what
  /// it has traded so far at the same pace.
  private static func volumeAfter(_ soFar: Bar, at instant: Date) -> Int64 {
    let elapsed = max(1, instant.timeIntervalSince(soFar.time))
    return Int64((Double(soFar.volume) * (60 - elapsed) / elapsed).rounded(.down))
  }

  /// Matches every complete minute not yet matched, then ends the orders whose time in
  /// force ran out. Returns the orders changed.
  @discardableResult
  public func matchDueMinutes() async throws -> [StoredOrder] {
    let now = clock.now
    let upTo = MarketMinute.start(of: now.addingTimeInterval(-barDelay))
    let scan = try await store.openOrders()
    let rejected = try await Self.reject(scan.unreadable, in: store, at: now, logger: logger)
    // A held exit waits for its entry: it is made active (and matched) once that fills.
    var open = scan.orders.filter { $0.order.status != .held }
    followedSymbols = Set(open.map(\.order.symbol))
    let matchedThrough = try await store.ordersMatchedThrough()
    // Corporate actions are booked from the last minute matched (a new store's from now),
    // each at its ex-date's open, before that session's minutes are matched.
    var booked = max(
      matchedThrough ?? upTo, upTo.addingTimeInterval(-Self.longestAbsence))
    guard !open.isEmpty else {
      if corporateActions != nil, matchedThrough != upTo {
        try await bookCorporateActions(after: booked, through: upTo)
        _ = try await store.changeOrders([], matchedThrough: upTo)
      }
      await forgetMinutes(before: upTo)
      return rejected + (try await callMargins(at: upTo))
    }
    await recordQuotes(of: followedSymbols, at: now)
    let earliest = open.map { MarketMinute.start(after: $0.order.submittedAt) }.min()!
    var from = max(matchedThrough ?? earliest, earliest)
    // A very long absence is matched over the last year at most.
    from = max(from, upTo.addingTimeInterval(-Self.longestAbsence))
    var changed = rejected
    for index in calendar.sessionIndices(overlapping: from, upTo) {
      let session = calendar.sessions[index]
      let start = max(from, session.open)
      let end = min(upTo, session.close)
      guard start < end else { continue }
      if booked < start {
        if try await bookCorporateActions(after: booked, through: start) {
          // Orders re-priced or ended by an action are matched as they now stand.
          open = try await store.openOrders().orders.filter { $0.order.status != .held }
        }
        booked = start
      }
      let results = try await matchSession(session, from: start, to: end, open: open)
      changed += results
      open = Self.merge(results, into: open)
    }
    if booked < upTo { try await bookCorporateActions(after: booked, through: upTo) }
    let expired = try await expire(open, at: upTo)
    _ = try await store.changeOrders([], matchedThrough: upTo)
    await forgetMinutes(before: upTo)
    return changed + expired + (try await callMargins(at: upTo))
  }

  /// Drops what placements took of the minutes matched, here and (once a minute) in the
  /// store: nothing takes from them again. Only tidying, after the pass committed: a store
  /// that fails is asked again on the next pass.
  private func forgetMinutes(before upTo: Date) async {
    taken = taken.filter { $0.key >= upTo }
    guard claimsForgottenBefore.map({ $0 < upTo }) ?? true else { return }
    guard (try? await store.forgetMinuteVolume(before: upTo)) != nil else { return }
    claimsForgottenBefore = upTo
  }

  /// What the store's claims add up to, by minute and symbol.
  private static func liquidity(_ claims: [MinuteVolumeTaken]) -> [Date: [Symbol: MinuteLiquidity]]
  {
    var liquidity: [Date: [Symbol: MinuteLiquidity]] = [:]
    for claim in claims {
      liquidity[claim.minute, default: [:]][claim.symbol, default: MinuteLiquidity()][claim.side] =
        claim.shares
    }
    return liquidity
  }

  /// Per side, the larger of what this server reserved and what the store recorded. This
  /// server's committed reservations are in both; one in flight as the minute ends counts
  /// only here, another server's only there.
  private static func larger(_ local: MinuteLiquidity?, _ stored: MinuteLiquidity?)
    -> MinuteLiquidity
  {
    var liquidity = local ?? MinuteLiquidity()
    for side in [TradeSide.buy, .sell] {
      liquidity[side] = max(liquidity[side], stored?[side] ?? .zero)
    }
    return liquidity
  }

  /// Matches the minutes `[from, to)` of one session, one store transaction per minute
  /// in which something changed.
  private func matchSession(
    _ session: TradingSession, from: Date, to: Date, open: [StoredOrder]
  ) async throws -> [StoredOrder] {
    var current = Dictionary(open.map { ($0.order.id, $0) }, uniquingKeysWith: { $1 })
    var book = OrderBook(open.map { RestingOrder($0.order) })
    // What placements through every server took of these minutes: this server's own
    // reservations may not be committed yet, the others' are known only to the store.
    let claimed = Self.liquidity(try await store.minuteVolumeTaken(from: from, to: to))
    var bars: [Symbol: [Date: Bar]] = [:]
    for symbol in Set(open.map(\.order.symbol)) {
      let series = try await minuteBars(for: symbol, from: from, to: to)
      bars[symbol] = Dictionary(series.map { ($0.time, $0) }, uniquingKeysWith: { $1 })
    }
    var changed: [StoredOrder] = []
    var minute = from
    while minute < to {
      let next = minute.addingTimeInterval(60)
      var changes: [OrderChange] = []
      for symbol in book.symbols {
        guard let bar = bars[symbol]?[minute] else { continue }
        let market = MarketMinute(
          bar: bar, isOpening: minute == session.open, isClosing: next >= session.close,
          spread: decided.map { _ in MarketMinute.Spread(quotedIn: bar) })
        var liquidity = Self.larger(taken[minute]?[symbol], claimed[minute]?[symbol])
        for outcome in matcher.match(
          book.candidates(for: symbol, in: bar), in: market, placing: false, taken: &liquidity)
        {
          guard let stored = current[outcome.orderID] else { continue }
          changes.append(
            OrderChange(
              orderID: stored.order.id, accountID: stored.accountID, version: stored.version,
              update: .minute(outcome), time: minute))
        }
      }
      if !changes.isEmpty {
        let (applied, rejected) = try await apply(changes, matchedThrough: next)
        for id in rejected { book.remove(id: id) }
        for stored in applied {
          current[stored.order.id] = stored
          if stored.order.status.isOpen {
            book.insert(RestingOrder(stored.order))
          } else {
            book.remove(id: stored.order.id)
          }
          changed.append(stored)
        }
      }
      minute = next
    }
    return changed
  }

  /// Ends the orders whose time in force ran out before `instant`: a day order at the
  /// close of the first session it could trade in, a gtc order after 90 days.
  private func expire(_ open: [StoredOrder], at instant: Date) async throws -> [StoredOrder] {
    let changes = open.compactMap { stored -> OrderChange? in
      guard let end = expiry(of: stored.order), end <= instant else { return nil }
      return OrderChange(
        orderID: stored.order.id, accountID: stored.accountID, version: stored.version,
        update: .end(.expired, reason: nil), time: end)
    }
    return try await apply(changes).changed
  }

  /// When an order's time in force runs out; `nil` for one that ends by itself (ioc,
  /// fok, opg and cls end after their one minute).
  func expiry(of order: Order) -> Date? {
    switch order.timeInForce {
    case .day, .cls, .ioc, .fok:
      // A closing, ioc or fok order its minute never reached ends with the session too.
      calendar.nextClose(after: order.submittedAt)
    case .opg:
      // For the next session's opening, even when placed during a session.
      calendar.nextOpen(after: order.submittedAt).flatMap { calendar.nextClose(after: $0) }
    case .gtc:
      order.submittedAt.addingTimeInterval(Double(Self.goodTillCanceledDays) * 86_400)
    }
  }

  private static func merge(_ changed: [StoredOrder], into open: [StoredOrder]) -> [StoredOrder] {
    let byID = Dictionary(changed.map { ($0.order.id, $0) }, uniquingKeysWith: { $1 })
    return open.compactMap { stored in
      let latest = byID[stored.order.id] ?? stored
      return latest.order.status.isOpen ? latest : nil
    }
  }
}
