import RavenHTTP

/// Where Alpaca's trading API is and how long to wait for it. The keys are not here:
/// each user links their own account, and every call carries that user's keys.
public struct AlpacaTradingConfiguration: Sendable, CustomStringConvertible {
  /// The paper-trading host; live trading is deliberately not the default.
  public static let defaultBaseURL = "https://paper-api.alpaca.markets"

  /// Without a trailing slash, e.g. `https://paper-api.alpaca.markets`.
  public var baseURL: String
  /// How long one request may take before it counts as failed.
  public var timeout: Duration

  public init(baseURL: String = Self.defaultBaseURL, timeout: Duration = .seconds(10)) {
    self.baseURL = URLQuery.base(baseURL)
    self.timeout = timeout
  }

  public var description: String {
    "AlpacaTradingConfiguration(baseURL: \(baseURL), timeout: \(timeout))"
  }
}
