import AlpacaWire
import Foundation
import RavenCore
import RavenHTTP

/// A user's Alpaca paper account through Alpaca's trading API
/// (https://docs.alpaca.markets/reference), as a `Brokerage`.
///
/// - Keys travel in the `APCA-API-KEY-ID` and `APCA-API-SECRET-KEY` headers only, never
///   in a URL, an error or a log line.
/// - Orders carry their amounts as exact decimal text, so whole and fractional shares
///   go the same way.
/// - Alpaca's `{"code","message"}` errors become `BrokerageError`s: 401 (and 403 on a
///   read) wrong keys; 403 on an order not enough buying power or shares; 404 and
///   "asset not found" an unknown symbol or order; other 422s Alpaca's own message;
///   429 rate limited; 5xx, timeouts and unreadable answers unavailable.
public struct AlpacaBrokerage: Brokerage {
  public var provider: String { "alpaca" }

  let configuration: AlpacaTradingConfiguration
  let transport: any HTTPTransport

  public init(configuration: AlpacaTradingConfiguration, transport: any HTTPTransport) {
    self.configuration = configuration
    self.transport = transport
  }

  public func account(_ credentials: BrokerageCredentials) async throws(BrokerageError)
    -> BrokerageAccount
  {
    let answer = try await send(
      .get, "/v2/account", credentials: credentials, as: .read,
      decoding: AlpacaAccount.self)
    return try AlpacaTradingDecoding.account(answer)
  }

  public func positions(_ credentials: BrokerageCredentials) async throws(BrokerageError)
    -> [BrokeragePosition]
  {
    let rows = try await send(
      .get, "/v2/positions", credentials: credentials, as: .read,
      decoding: [AlpacaPosition].self)
    var positions: [BrokeragePosition] = []
    for row in rows { positions.append(try AlpacaTradingDecoding.position(row)) }
    return positions
  }

  public func portfolioHistory(_ credentials: BrokerageCredentials, range: ChartRange)
    async throws(BrokerageError) -> BrokeragePortfolioHistory
  {
    let (period, timeframe) = Self.historyParameters(range)
    let answer = try await send(
      .get, "/v2/account/portfolio/history",
      query: [("period", period), ("timeframe", timeframe)], credentials: credentials,
      as: .read, decoding: AlpacaPortfolioHistory.self)
    return try AlpacaTradingDecoding.portfolioHistory(answer)
  }

  /// Alpaca's `period` and `timeframe` for a chart range: five-minute points for a day,
  /// hourly for a week, daily beyond.
  static func historyParameters(_ range: ChartRange) -> (period: String, timeframe: String) {
    switch range {
    case .oneDay: ("1D", "5Min")
    case .oneWeek: ("1W", "1H")
    case .oneMonth: ("1M", "1D")
    default: ("1A", "1D")
    }
  }
}
