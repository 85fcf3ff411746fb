import Foundation
import RavenCore
import RavenMarketData

/// A value from the market gateway with how old it is: fresh from the cache or the
/// provider, or the last good value served stale because the provider failed or its
/// rate budget was spent. The server shows the age (`X-Raven-Data-Age`, `stale`).
public struct MarketAnswer<Value: Sendable>: Sendable {
  public var value: Value
  /// The instant the provider answered for (the market clock's now when it was asked).
  public var fetchedAt: Date
  /// Seconds between `fetchedAt` and the instant the answer was asked for; never negative.
  public var age: TimeInterval
  /// The provider that answered; `nil` when not known.
  public var source: DataAttribution?
  /// Why the gateway answered with a value past its cache lifetime; `nil` when fresh.
  public var staleReason: MarketDataError?

  public init(
    value: Value, fetchedAt: Date, age: TimeInterval, source: DataAttribution? = nil,
    staleReason: MarketDataError? = nil
  ) {
    self.value = value
    self.fetchedAt = fetchedAt
    self.age = max(0, age)
    self.source = source
    self.staleReason = staleReason
  }

  /// Whether the value is past its cache lifetime (served because nothing newer could be had).
  public var isStale: Bool { staleReason != nil }

  /// The same answer about a transformed value.
  public func map<Other: Sendable>(_ transform: (Value) -> Other) -> MarketAnswer<Other> {
    MarketAnswer<Other>(
      value: transform(value), fetchedAt: fetchedAt, age: age, source: source,
      staleReason: staleReason)
  }
}

extension MarketAnswer: Equatable where Value: Equatable {}
extension MarketAnswer: Hashable where Value: Hashable {}

/// Quotes for several symbols, each with its own age, and why the others are missing.
public struct QuotesAnswer: Sendable {
  public var quotes: [Symbol: MarketAnswer<Quote>]
  /// Symbols without a quote: unknown to the provider, or never fetched while it fails.
  public var failures: [Symbol: MarketDataError]

  public init(quotes: [Symbol: MarketAnswer<Quote>], failures: [Symbol: MarketDataError]) {
    self.quotes = quotes
    self.failures = failures
  }

  /// The age of the oldest quote, for a single `X-Raven-Data-Age` header.
  public var oldestAge: TimeInterval? { quotes.values.map(\.age).max() }

  /// Whether any quote is served stale.
  public var hasStale: Bool { quotes.values.contains { $0.isStale } }
}
