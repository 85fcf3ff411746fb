import Foundation

/// The latest trade price of a stock and how it moved since the previous close.
public struct Quote: Sendable, Hashable, Codable {
  public var symbol: Symbol
  public var price: Price
  /// `price − previousClose`.
  public var change: Price
  /// `change ÷ previousClose × 100`, two fraction digits.
  public var changePercent: ExactDecimal
  public var open: Price
  public var high: Price
  public var low: Price
  public var previousClose: Price
  /// When `price` traded (the session's close once the exchange has closed).
  public var time: Date
  /// The best price a seller is offered and a buyer must pay at `time`, on a market that
  /// quotes them (the simulated market; `nil` for a provider that reports trades only).
  public var bid: Price?
  public var ask: Price?

  public init(
    symbol: Symbol, price: Price, open: Price, high: Price, low: Price, previousClose: Price,
    time: Date, bid: Price? = nil, ask: Price? = nil
  ) {
    self.symbol = symbol
    self.price = price
    self.change = price - previousClose
    self.changePercent = previousClose.percentChange(to: price) ?? .zero.withFractionDigits(2)
    self.open = open
    self.high = high
    self.low = low
    self.previousClose = previousClose
    self.time = time
    self.bid = bid
    self.ask = ask
  }
}
