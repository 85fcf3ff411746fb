import Foundation

/// An account's equity at the last close (Alpaca's `last_equity`), worked back from its
/// state now and the trades made since: the cash and the shares it held then, each
/// valued at its symbol's price at that close. Today's buys and sales (and what they cost
/// over the close, the spread included) do not move it.
public enum LastEquity {
  public static func at(
    cash: Money, positions: [Position], tradesSince: some Sequence<Trade>,
    closes: [Symbol: Price]
  ) -> Money {
    var cashThen = cash
    var sharesThen = Dictionary(positions.map { ($0.symbol, $0.shares) }, uniquingKeysWith: +)
    for trade in tradesSince {
      switch trade.side {
      case .buy:
        cashThen += trade.amount
        sharesThen[trade.symbol, default: .zero] -= trade.shares
      case .sell:
        cashThen -= trade.amount
        sharesThen[trade.symbol, default: .zero] += trade.shares
      }
    }
    return sharesThen.reduce(cashThen) { total, held in
      guard let close = closes[held.key], !held.value.isZero else { return total }
      return total + (close * held.value).roundedToCents()
    }
  }

  /// The last close at or before `instant`: the close of the session that most recently
  /// ended, or of the one before the session in progress.
  public static func lastClose(before instant: Date, calendar: NYSECalendar) -> Date? {
    guard let index = calendar.latestSessionIndex(openedAtOrBefore: instant) else { return nil }
    let session = calendar.sessions[index]
    if session.close <= instant { return session.close }
    return index > 0 ? calendar.sessions[index - 1].close : nil
  }
}
