import RavenCore

/// Why market data could not be had. A struct over a private enum so new reasons can
/// be added without breaking callers; HTTP statuses are decided by the server.
public struct MarketDataError: Error, Sendable, Hashable, CustomStringConvertible {
  private enum Reason: Sendable, Hashable {
    case unknownSymbol(Symbol)
    case noData(Symbol)
    case invalidRequest(String)
    case unsupported(String)
    case unsupportedRequest(String)
    case unavailable(String)
    case rateLimited
  }

  private let reason: Reason

  /// The provider does not list this symbol.
  public static func unknownSymbol(_ symbol: Symbol) -> MarketDataError {
    MarketDataError(reason: .unknownSymbol(symbol))
  }

  /// The symbol is listed but has no data for the request (e.g. before its IPO).
  public static func noData(_ symbol: Symbol) -> MarketDataError {
    MarketDataError(reason: .noData(symbol))
  }

  /// The request itself makes no sense (an empty interval, a bad query).
  public static func invalidRequest(_ detail: String) -> MarketDataError {
    MarketDataError(reason: .invalidRequest(detail))
  }

  /// This provider cannot serve this kind of data (e.g. Finnhub candles on a free key).
  public static func unsupported(_ capability: String) -> MarketDataError {
    MarketDataError(reason: .unsupported(capability))
  }

  /// This provider cannot serve this particular request, though it serves others of its
  /// kind (e.g. Alpha Vantage's full daily history is premium, its latest 100 days free).
  public static func unsupportedRequest(_ capability: String) -> MarketDataError {
    MarketDataError(reason: .unsupportedRequest(capability))
  }

  /// The provider failed or could not be reached.
  public static func unavailable(_ detail: String) -> MarketDataError {
    MarketDataError(reason: .unavailable(detail))
  }

  /// The provider refused because its rate budget is spent.
  public static let rateLimited = MarketDataError(reason: .rateLimited)

  /// A stable snake_case code for API errors.
  public var code: String {
    switch reason {
    case .unknownSymbol: "unknown_symbol"
    case .noData: "no_data"
    case .invalidRequest: "invalid_request"
    case .unsupported, .unsupportedRequest: "unsupported"
    case .unavailable: "market_data_unavailable"
    case .rateLimited: "rate_limited"
    }
  }

  public var message: String {
    switch reason {
    case .unknownSymbol: "Unknown symbol"
    case .noData(let symbol): "No data available for \(symbol)"
    case .invalidRequest(let detail): detail
    case .unsupported(let capability): "This market data source does not provide \(capability)"
    case .unsupportedRequest(let capability):
      "This market data source does not provide this much \(capability)"
    case .unavailable(let detail): "Market data is unavailable: \(detail)"
    case .rateLimited: "Too many market data requests; try again shortly"
    }
  }

  public var description: String { message }

  /// Whether the failure says nothing about the data itself: the provider failed, could
  /// not be reached, timed out or refused for its rate budget, so the same request may
  /// well succeed later. Such errors are answered from the last good value where there
  /// is one. Unknown symbols, missing data, invalid requests and unsupported kinds are
  /// answers in their own right and are passed on.
  public var isTransient: Bool {
    switch reason {
    case .unavailable, .rateLimited: true
    case .unknownSymbol, .noData, .invalidRequest, .unsupported, .unsupportedRequest: false
    }
  }

  /// Whether the provider cannot serve this request (so another may).
  public var isUnsupported: Bool {
    switch reason {
    case .unsupported, .unsupportedRequest: true
    default: false
    }
  }

  /// Whether the provider cannot serve any request of this kind (not just this one).
  public var isUnsupportedKind: Bool {
    if case .unsupported = reason { return true }
    return false
  }

  /// The symbol an `unknownSymbol` or `noData` error names.
  public var symbol: Symbol? {
    switch reason {
    case .unknownSymbol(let symbol), .noData(let symbol): symbol
    default: nil
    }
  }
}
