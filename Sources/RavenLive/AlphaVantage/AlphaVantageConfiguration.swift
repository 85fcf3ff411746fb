import Foundation
import RavenHTTP
import RavenMarketData

/// How to reach Alpha Vantage: the API key, the base URL (tests point it elsewhere) and
/// how long to wait for an answer. Its description never shows the key.
public struct AlphaVantageConfiguration: Sendable, CustomStringConvertible {
  public static let defaultBaseURL = "https://www.alphavantage.co"

  /// Alpha Vantage takes the key only as the `apikey` query parameter, so every request
  /// URL holds it: the provider never puts a URL in an error or a log.
  public var apiKey: String
  /// Without a trailing slash, e.g. `https://www.alphavantage.co`.
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
    "AlphaVantageConfiguration(baseURL: \(baseURL), apiKey: <redacted>, timeout: \(timeout))"
  }
}
