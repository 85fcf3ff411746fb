import Foundation
import RavenHTTP
import RavenMarketData

/// How to reach Finnhub: the API key, the base URL (tests and staging point it
/// elsewhere) and how long to wait for an answer. Its description never shows the key.
public struct FinnhubConfiguration: Sendable, CustomStringConvertible {
  public static let defaultBaseURL = "https://finnhub.io/api/v1"

  /// Sent in the `X-Finnhub-Token` header, never in a URL.
  public var apiKey: String
  /// Without a trailing slash, e.g. `https://finnhub.io/api/v1`.
  public var baseURL: String
  /// How long one request may take before it counts as failed.
  public var timeout: Duration

  public init(
    apiKey: String, baseURL: String = Self.defaultBaseURL, timeout: Duration = .seconds(10)
  ) {
    self.apiKey = apiKey
    self.baseURL = URLQuery.base(baseURL)
    self.timeout = timeout
  }

  public var description: String {
    "FinnhubConfiguration(baseURL: \(baseURL), apiKey: <redacted>, timeout: \(timeout))"
  }
}
