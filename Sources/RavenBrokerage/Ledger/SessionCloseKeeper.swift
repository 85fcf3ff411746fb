import Foundation
import Logging
import RavenCore
import RavenMarketData
import RavenStore

/// The market as ledgers value their past with live data: each session's close, once the
/// session is settled, is kept as the provider first gave it (`SessionCloseStore`), and
/// served from then on in place of what the provider says, where it says nothing (a day it
/// no longer serves, a symbol it no longer lists) and when it is down. So an account's
/// history and its returns never change after the fact. Everything else is the wrapped
/// market's answer.
///
/// Only daily bars as they traded are kept: they are what a range of a month and more is
/// valued at. Adjusted bars change by design (each new split or dividend restates the
/// past, leaving its returns as they were), and intraday bars are kept by no provider for
/// long; the simulated market needs none of this (a pure function of time).
public struct SessionCloseKeeper: MarketDataProvider {
  /// How long after its close a session's bar is taken as final: by 8 p.m. New York the
  /// closing auction, late reports and corrections are in.
  public static let settling: TimeInterval = 4 * 3_600

  let base: any MarketDataProvider
  let store: any SessionCloseStore
  let calendar: NYSECalendar
  let logger: Logger

  public init(
    base: any MarketDataProvider, store: any SessionCloseStore, calendar: NYSECalendar,
    logger: Logger
  ) {
    self.base = base
    self.store = store
    self.calendar = calendar
    self.logger = logger
  }

  public var attribution: DataAttribution { base.attribution }

  public func bars(
    for symbol: Symbol, resolution: BarResolution, from: Date, to: Date, asOf instant: Date,
    adjustment: BarAdjustment
  ) async throws(MarketDataError) -> [Bar] {
    try await attributedBars(
      for: symbol, resolution: resolution, from: from, to: to, asOf: instant,
      adjustment: adjustment
    ).bars
  }

  public func attributedBars(
    for symbol: Symbol, resolution: BarResolution, from: Date, to: Date, asOf instant: Date,
    adjustment: BarAdjustment
  ) async throws(MarketDataError) -> AttributedBars {
    guard resolution == .day, adjustment == .raw, from < to else {
      return try await base.attributedBars(
        for: symbol, resolution: resolution, from: from, to: to, asOf: instant,
        adjustment: adjustment)
    }
    let kept = await keptCloses(of: symbol, from: from, to: to, asOf: instant)
    let answer: AttributedBars
    do {
      answer = try await base.attributedBars(
        for: symbol, resolution: .day, from: from, to: to, asOf: instant, adjustment: .raw)
    } catch {
      // Down, or no longer listing the symbol: the closes kept are still the past.
      guard let source = kept.first?.source else { throw error }
      return AttributedBars(
        bars: Self.merged([], kept: kept, timeZone: calendar.timeZone),
        source: DataAttribution(name: source, url: nil, isSimulated: false), age: nil,
        isStale: true)
    }
    await keep(answer, of: symbol, asOf: instant, besides: kept)
    var served = answer
    served.bars = Self.merged(answer.bars, kept: kept, timeZone: calendar.timeZone)
    return served
  }

  /// The closes kept for the sessions whose bars `[from, to)` holds by `instant`; none when
  /// the store cannot say (the provider's answer is served as it is).
  private func keptCloses(of symbol: Symbol, from: Date, to: Date, asOf instant: Date) async
    -> [SessionClose]
  {
    let zone = calendar.timeZone
    do {
      return try await store.sessionCloses(
        of: symbol, from: zone.marketDate(of: from), through: zone.marketDate(of: min(to, instant))
      ).filter { close in
        let time = zone.instant(on: close.date, secondsSinceMidnight: 0)
        return from <= time && time < to && time <= instant
      }
    } catch {
      logger.warning(
        "Kept session closes could not be read",
        metadata: ["symbol": "\(symbol)", "error": "\(error)"])
      return []
    }
  }

  /// Keeps the closes of the sessions in `answer` settled by `instant` and not kept yet.
  /// A simulated source's bars are never kept as a real market's, nor the last good bars a
  /// cache served for a provider that failed (they may have been read mid-session, and the
  /// first close kept stays), nor a close of zero or less.
  private func keep(
    _ answer: AttributedBars, of symbol: Symbol, asOf instant: Date, besides kept: [SessionClose]
  ) async {
    guard !answer.source.isSimulated, !answer.isStale else { return }
    let zone = calendar.timeZone
    let keptDates = Set(kept.map(\.date))
    let settled = instant.addingTimeInterval(-Self.settling)
    let new = answer.bars.compactMap { bar -> SessionClose? in
      let date = zone.marketDate(of: bar.time)
      guard !keptDates.contains(date), bar.close > .zero, let session = calendar.session(on: date),
        session.close <= settled
      else { return nil }
      return SessionClose(symbol: symbol, date: date, close: bar.close, source: answer.source.name)
    }
    do {
      try await store.keepSessionCloses(new)
    } catch {
      logger.warning(
        "Session closes could not be kept", metadata: ["symbol": "\(symbol)", "error": "\(error)"])
    }
  }

  /// `bars` with each kept session's close in place of the provider's (the high and low
  /// widened to hold it), and a flat bar for each kept session the provider left out.
  static func merged(_ bars: [Bar], kept: [SessionClose], timeZone: ExchangeTimeZone) -> [Bar] {
    var byDate = Dictionary(bars.map { (timeZone.marketDate(of: $0.time), $0) }) { first, _ in first
    }
    for close in kept {
      guard var bar = byDate[close.date] else {
        let time = timeZone.instant(on: close.date, secondsSinceMidnight: 0)
        byDate[close.date] = Bar(
          time: time, open: close.close, high: close.close, low: close.close, close: close.close,
          volume: 0)
        continue
      }
      bar.close = close.close
      bar.high = max(bar.high, close.close)
      bar.low = min(bar.low, close.close)
      byDate[close.date] = bar
    }
    return byDate.values.sorted { $0.time < $1.time }
  }

  // MARK: The rest is the wrapped market's

  public func quote(for symbol: Symbol, at instant: Date) async throws(MarketDataError) -> Quote {
    try await base.quote(for: symbol, at: instant)
  }

  public func quotes(for symbols: [Symbol], at instant: Date) async throws(MarketDataError)
    -> [Symbol: Quote]
  {
    try await base.quotes(for: symbols, at: instant)
  }

  public func search(_ query: String, limit: Int) async throws(MarketDataError) -> [SearchResult] {
    try await base.search(query, limit: limit)
  }

  public func profile(for symbol: Symbol, at instant: Date) async throws(MarketDataError)
    -> CompanyProfile
  {
    try await base.profile(for: symbol, at: instant)
  }

  public func news(for symbol: Symbol, from: Date, to: Date, asOf instant: Date)
    async throws(MarketDataError) -> [NewsArticle]
  {
    try await base.news(for: symbol, from: from, to: to, asOf: instant)
  }

  public func peers(for symbol: Symbol) async throws(MarketDataError) -> [Symbol] {
    try await base.peers(for: symbol)
  }

  public func recommendationTrends(for symbol: Symbol, asOf instant: Date)
    async throws(MarketDataError) -> [RecommendationTrend]
  {
    try await base.recommendationTrends(for: symbol, asOf: instant)
  }

  public func earnings(for symbol: Symbol, asOf instant: Date) async throws(MarketDataError)
    -> [EarningsSurprise]
  {
    try await base.earnings(for: symbol, asOf: instant)
  }

  public func socialSentiment(
    for symbol: Symbol, from: MarketDate, to: MarketDate, asOf instant: Date
  ) async throws(MarketDataError) -> SocialSentiment {
    try await base.socialSentiment(for: symbol, from: from, to: to, asOf: instant)
  }

  public func marketStatus(at instant: Date) async throws(MarketDataError) -> MarketStatus {
    try await base.marketStatus(at: instant)
  }
}
