import Foundation
import RavenHTTP
import RavenMarketData

/// How to reach Alpaca's market data API: the key pair, the base URL (tests point it
/// elsewhere), the data feed and how long to wait for an answer. Its description never
/// shows either key.
public struct AlpacaDataConfiguration: Sendable, CustomStringConvertible {
  public static let defaultBaseURL = "https://data.alpaca.markets"
  /// IEX: the feed a free account may query in real time.
  public static let defaultFeed = "iex"

  /// Sent in the `APCA-API-KEY-ID` header.
  public var keyID: String
  /// Sent in the `APCA-API-SECRET-KEY` header.
  public var secretKey: String
  /// Without a trailing slash, e.g. `https://data.alpaca.markets`.
  public var baseURL: String
  /// The `feed` parameter: `iex` (free) or `sip` (all US exchanges, paid).
  public var feed: String
  /// How long one request may take before it counts as failed.
  public var timeout: Duration

  public init(
    keyID: String, secretKey: String, baseURL: String = Self.defaultBaseURL,
    feed: String = Self.defaultFeed, timeout: Duration = .seconds(10)
  ) {
    self.keyID = keyID
    self.secretKey = secretKey
    self.baseURL = URLQuery.base(baseURL)
    self.feed = feed
    self.timeout = timeout
  }

  public var description: String {
    "AlpacaDataConfiguration(baseURL: \(baseURL), feed: \(feed), keyID: <redacted>, "
      + "secretKey: <redacted>, timeout: \(timeout))"
  }
}
