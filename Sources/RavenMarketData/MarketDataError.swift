import Foundation
import RavenCore

/// Why market data could not be had. HTTP statuses are decided by the server.
public enum MarketDataError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The provider does not list this symbol.
  case unknownSymbol(Symbol)
  /// The symbol is listed but has no data for the request (e.g. before its IPO).
  case noData(Symbol)
  /// The request itself makes no sense (an empty interval, a bad query).
  case invalidRequest(String)
  /// This provider cannot serve this kind of data (e.g. Finnhub candles on a free key).
  case unsupported(String)
  /// This provider cannot serve this particular request, though it serves others of its
  /// kind (e.g. Alpha Vantage's full daily history is premium, its latest 100 days free;
  /// Finnhub's intraday bars come only as they traded). The text names what it cannot
  /// serve: "bars", "minute bars adjusted for splits".
  case unsupportedRequest(String)
  /// This provider knows the market only as it is now and was asked about another
  /// instant (a backtest's past, say).
  case unservedInstant(Date)
  /// The provider failed or could not be reached.
  case unavailable(String)
  /// The provider refused because its rate budget is spent.
  case rateLimited

  /// A stable snake_case code for API errors.
  public var code: String {
    switch self {
    case .unknownSymbol: "unknown_symbol"
    case .noData: "no_data"
    case .invalidRequest: "invalid_request"
    case .unsupported, .unsupportedRequest, .unservedInstant: "unsupported"
    case .unavailable: "market_data_unavailable"
    case .rateLimited: "rate_limited"
    }
  }

  public var message: String {
    switch self {
    case .unknownSymbol: "Unknown symbol"
    case .noData(let symbol): "No data available for \(symbol)"
    case .invalidRequest(let detail): detail
    case .unsupported(let capability): "This market data source does not provide \(capability)"
    case .unsupportedRequest(let capability):
      "This market data source cannot serve this request for \(capability)"
    case .unservedInstant(let instant):
      "This market data source answers only for the present, not for "
        + instant.formatted(.iso8601)
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
    switch self {
    case .unavailable, .rateLimited: true
    case .unknownSymbol, .noData, .invalidRequest, .unsupported, .unsupportedRequest,
      .unservedInstant:
      false
    }
  }

  /// Whether the provider cannot serve this request (so another may).
  public var isUnsupported: Bool {
    switch self {
    case .unsupported, .unsupportedRequest, .unservedInstant: true
    case .unknownSymbol, .noData, .invalidRequest, .unavailable, .rateLimited: false
    }
  }
}
