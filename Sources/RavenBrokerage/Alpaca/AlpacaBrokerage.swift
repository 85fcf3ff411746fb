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

  public func portfolioHistory(_ credentials: BrokerageCredentials, lookback: ChartLookback)
    async throws(BrokerageError) -> BrokeragePortfolioHistory
  {
    let (period, timeframe) = Self.historyParameters(lookback)
    let answer = try await send(
      .get, "/v2/account/portfolio/history",
      // Deposits and withdrawals too, so the figures leave them out of the return.
      query: [("period", period), ("timeframe", timeframe), ("cashflow_types", "ALL")],
      credentials: credentials,
      as: .read, decoding: AlpacaPortfolioHistory.self)
    let history = try AlpacaTradingDecoding.portfolioHistory(answer)
    return switch lookback {
    case .yearToDate: history.since(newYearOf: history.points.last?.time)
    case .all: history.sinceFunded()
    default: history
    }
  }

  /// Alpaca's `period` and `timeframe` for a span: five-minute points for a day, hourly
  /// for a week, daily beyond. Year to date asks for a year, and everything for five
  /// (Alpaca has neither); `portfolioHistory` cuts them.
  static func historyParameters(_ lookback: ChartLookback) -> (period: String, timeframe: String) {
    switch lookback {
    case .tradingDays(let days) where days <= 1: ("1D", "5Min")
    case .tradingDays: ("1W", "1H")
    case .months(let months): ("\(months)M", "1D")
    case .years(let years): ("\(years)A", "1D")
    case .yearToDate: ("1A", "1D")
    case .all: ("5A", "1D")
    }
  }
}
