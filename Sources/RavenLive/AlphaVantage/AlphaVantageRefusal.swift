import RavenCore
import RavenMarketData

/// One of the answers with which Alpha Vantage refuses a call at HTTP 200, recognised
/// by its single key. Their texts are not repeated in errors: they are Alpha Vantage's
/// sales pitch, not something a user of Raven can act on.
enum AlphaVantageRefusal: Sendable, Hashable {
  /// `{"Note": …}`: the per-minute limit (older keys).
  case note(String)
  /// `{"Information": …}`: the daily or per-second limit, a premium-only endpoint or
  /// option, or the demo key.
  case information(String)
  /// `{"Error Message": …}`: an invalid call, usually an unknown symbol, or a missing
  /// or invalid key.
  case errorMessage(String)

  /// The refusal `decoder` holds, if its document is an object with one of the keys
  /// above holding text (whatever else it holds).
  init?(_ decoder: any Decoder) {
    guard let container = try? decoder.container(keyedBy: Key.self) else { return nil }
    func text(_ key: Key) -> String? { try? container.decode(String.self, forKey: key) }
    if let text = text(.note) {
      self = .note(text)
    } else if let text = text(.information) {
      self = .information(text)
    } else if let text = text(.errorMessage) {
      self = .errorMessage(text)
    } else {
      return nil
    }
  }

  private enum Key: String, CodingKey {
    case note = "Note"
    case information = "Information"
    case errorMessage = "Error Message"
  }

  /// What the refusal means for a call for `kind` about `symbol` (if it names one).
  func error(kind: MarketDataKind, symbol: Symbol?) -> MarketDataError {
    switch self {
    case .note:
      return .rateLimited
    case .information(let text):
      let text = text.lowercased()
      // The limit messages also advertise "premium plans", so limits are asked first.
      if Self.limitPhrases.contains(where: { text.contains($0) }) { return .rateLimited }
      // Premium refusals name an option of this request (e.g. `outputsize=full`), not the
      // whole kind: shorter requests of the kind are still served.
      if text.contains("premium") { return .unsupportedRequest(kind.description) }
      if Self.keyPhrases.contains(where: { text.contains($0) }) { return Self.refusedKey }
      return .unavailable("Alpha Vantage declined the request")
    case .errorMessage(let text):
      let lowercased = text.lowercased()
      if Self.keyPhrases.contains(where: { lowercased.contains($0) }) { return Self.refusedKey }
      if let symbol { return .unknownSymbol(symbol) }
      return .invalidRequest("Alpha Vantage could not answer this request")
    }
  }

  /// "…standard API rate limit is 25 requests per day…", "…spreading out your free API
  /// requests more sparingly (1 request per second)…", "…call frequency is 5 calls per
  /// minute…".
  private static let limitPhrases = [
    "rate limit", "requests per day", "calls per day", "per minute", "per second",
    "call frequency", "more sparingly",
  ]

  /// "the parameter apikey is invalid or missing", "The **demo** API key is for demo
  /// purposes only".
  private static let keyPhrases = ["apikey", "api key"]

  private static let refusedKey = MarketDataError.unavailable("Alpha Vantage refused the API key")
}
