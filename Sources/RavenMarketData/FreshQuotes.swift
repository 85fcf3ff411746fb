import Foundation
import RavenCore

/// How fresh market data in an answer is, so that a client can show "as of …" instead
/// of pretending it is live.
public struct DataFreshness: Sendable, Hashable {
  /// Seconds since the provider answered, in the market's time (the instant asked about
  /// less the one answered for; the oldest, for several); nil when unknown.
  public var age: TimeInterval?
  /// Whether some of it is the last good value, served because the provider failed.
  public var isStale: Bool
  /// The names of the providers that answered.
  public var sources: [String]

  public init(age: TimeInterval?, isStale: Bool, sources: [String]) {
    self.age = age
    self.isStale = isStale
    self.sources = sources
  }
}

/// Quotes with their freshness; symbols without a quote are left out.
public struct FreshQuotes: Sendable {
  public var quotes: [Symbol: Quote]
  public var freshness: DataFreshness

  public init(quotes: [Symbol: Quote], freshness: DataFreshness) {
    self.quotes = quotes
    self.freshness = freshness
  }
}

/// Where an account values its positions: quotes for many symbols at once, each batch
/// with how fresh it is. The live value is the market gateway.
public protocol FreshQuoteSource: Sendable {
  /// Quotes for `symbols` at `instant`; those that cannot be had are left out rather
  /// than failing the batch, so a portfolio is still shown while a provider is down.
  func freshQuotes(for symbols: [Symbol], at instant: Date) async -> FreshQuotes
}
