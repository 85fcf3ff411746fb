import AlpacaWire
import Foundation
import RavenCore

/// Market data in Alpaca's shapes. Prices and sizes are JSON numbers, written from exact
/// decimals (never through `Double`).
extension AlpacaBar {
  /// Raven's bars carry no trade count or VWAP: those keys are `null`.
  init(_ bar: Bar) {
    self.init(
      time: AlpacaTime(bar.time), open: bar.open.exact.value, high: bar.high.exact.value,
      low: bar.low.exact.value, close: bar.close.exact.value, volume: Decimal(bar.volume))
  }
}

extension AlpacaQuote {
  /// A quote's bid and ask, each side a round lot of 100 shares.
  init(_ quote: Quote) {
    let (bid, ask) = Self.sides(of: quote)
    self.init(time: AlpacaTime(quote.time), bidPrice: bid.exact.value, askPrice: ask.exact.value)
    bidSize = 100
    askSize = 100
    bidExchange = "V"
    askExchange = "V"
    conditions = ["R"]
    tape = "C"
  }

  /// The market's own bid and ask where it quotes them (the simulated market), else the
  /// price less and plus a half-spread of one basis point (at least a cent), for a provider
  /// that reports trades only.
  static func sides(of quote: Quote) -> (bid: Price, ask: Price) {
    let basisPoint =
      quote.price.exact.divided(
        by: ExactDecimal(10_000), fractionDigits: 2, rounding: .awayFromZero) ?? .zero
    let half = max(Price(exact: basisPoint), Price(cents: 1))
    return (quote.bid ?? max(quote.price - half, Price(cents: 1)), quote.ask ?? quote.price + half)
  }
}

extension AlpacaTrade {
  /// The latest trade: the market's price at its time. Raven's market is made of minute
  /// bars, not single prints, so its size is the round lot of 100.
  init(_ quote: Quote) {
    self.init(time: AlpacaTime(quote.time), price: quote.price.exact.value)
    size = 100
    exchange = "V"
    id = 0
    conditions = ["@"]
    tape = "C"
  }
}
