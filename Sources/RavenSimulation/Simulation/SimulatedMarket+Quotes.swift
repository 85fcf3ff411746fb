import Foundation
import RavenCore
import RavenMarketData

extension SimulatedMarket {
  /// The quote at `instant`. During a session the price moves every second; outside
  /// one it stands at the last close, with the last session's open, high, low and change.
  public func quote(for symbol: Symbol, at instant: Date) throws(MarketDataError) -> Quote {
    let stock = try stock(symbol)
    let path = try latestSession(of: stock, at: instant)
    let state = path.state(at: instant)
    let price = Price(cents: state.price)
    let (bid, ask) = MinuteSpread.bidAsk(around: price, in: path.spreadMinute(state))
    return Quote(
      symbol: symbol, price: price, open: Price(cents: path.open),
      high: Price(cents: state.high), low: Price(cents: state.low),
      previousClose: Price(cents: path.previousClose), time: state.time, bid: bid, ask: ask)
  }

  /// Quotes for every known symbol among `symbols` at `instant`; unknown ones are left out.
  public func quotes(for symbols: [Symbol], at instant: Date) -> [Symbol: Quote] {
    var quotes: [Symbol: Quote] = [:]
    for symbol in symbols where quotes[symbol] == nil {
      quotes[symbol] = try? quote(for: symbol, at: instant)
    }
    return quotes
  }
}

extension SessionPath {
  /// The whole minute whose spread a quote at `state` shows: the minute in progress (its
  /// width, not its direction, is what the quote tells of it), or the closing minute once
  /// the session is over.
  func spreadMinute(_ state: State) -> Bar {
    wholeBar(minute: state.minute ?? minutes - 1)
  }

  /// Minute `minute`'s whole bar, however far the clock has reached.
  func wholeBar(minute: Int) -> Bar {
    bar(
      minute: minute, start: session.open.addingTimeInterval(TimeInterval(minute * 60)),
      partial: nil)
  }

  /// Where the session stands at `instant` (at or after its open).
  struct State: Sendable, Hashable {
    var price: Int64
    var high: Int64
    var low: Int64
    /// When `price` traded: the whole second, or the closing bell once closed.
    var time: Date
    /// The minute in progress and the second reached in it (`nil` once closed).
    var minute: Int?
    var second: Int
    var minuteTick: Tick?
  }

  func state(at instant: Date) -> State {
    let elapsed = Int(instant.timeIntervalSince(session.open).rounded(.down))
    guard instant < session.close, elapsed >= 0 else {
      return State(
        price: close, high: highs.max() ?? close, low: lows.min() ?? close, time: session.close,
        minute: nil, second: 0, minuteTick: nil)
    }
    let minute = elapsed / 60
    let tick = tick(minute: minute, second: elapsed % 60)
    let earlierHigh = highs[..<minute].max() ?? tick.high
    let earlierLow = lows[..<minute].min() ?? tick.low
    return State(
      price: tick.price, high: max(earlierHigh, tick.high), low: min(earlierLow, tick.low),
      time: session.open.addingTimeInterval(TimeInterval(elapsed)), minute: minute,
      second: elapsed % 60, minuteTick: tick)
  }
}

extension SimulatedMarket: DecidedMarket {
  public func decidedMinute(for symbol: Symbol, at minute: Date) -> Bar? {
    guard let stock = stocks[symbol],
      let index = calendar.latestSessionIndex(openedAtOrBefore: minute),
      index >= stock.firstSession
    else { return nil }
    let path = path(stock, session: index)
    let offset = Int(minute.timeIntervalSince(path.session.open).rounded(.down)) / 60
    guard offset < path.minutes else { return nil }
    return path.wholeBar(minute: offset)
  }
}
