import Foundation
import HTTPTypes
import Hummingbird
import RavenAPI
import RavenBrokerage
import RavenCore
import RavenMarketData
import RavenStore

/// Buying and selling at the market's price, and the user's trade history.
struct TradesController {
  let accounts: AccountDirectory
  let metrics: AppMetrics

  func addRoutes(to group: RouterGroup<RavenRequestContext>) {
    group.post("/trades", use: trade)
    group.get("/trades", use: list)
    group.get("/activities", use: activities)
  }

  /// Fills, dividends and splits of the account, newest first, paged by `before`.
  @Sendable func activities(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<ActivitiesPageBody>
  {
    let user = try context.requireUser()
    let limit = try request.integer("limit", default: 50, range: 1...200)
    let cursor = try request.uri.queryParameters["before"].map { text in
      guard let cursor = ActivityCursor(String(text)) else {
        throw APIError.badRequest("before must be a cursor from nextCursor", code: "invalid_cursor")
      }
      return cursor
    }
    let page = try await accounts.account(of: user, in: request).activities(
      limit: limit, before: cursor)
    return JSONBody(
      ActivitiesPageBody(
        activities: page.activities, nextCursor: page.nextCursor.map(\.description)))
  }

  @Sendable func trade(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<TradeReceiptBody>
  {
    let user = try context.requireUser()
    let body = try await context.requestDecoder.decode(
      TradeRequest.self, from: request, context: context)
    guard let side = TradeSide(rawValue: body.side.lowercased()) else {
      throw APIError.badRequest("side must be \"buy\" or \"sell\"", code: "invalid_side")
    }
    let key = try request.idempotencyKey()
    do {
      let shares = try ShareAmount.parse(body.shares, side: side)
      guard let symbol = Symbol(body.symbol) else { throw TradeError.unknownSymbol }
      let account = try await accounts.account(of: user, in: request)
      let receipt = try await account.place(
        SimpleTrade(symbol: symbol, side: side, shares: shares), idempotencyKey: key)
      let first = receipt.trade
      if receipt.isReplay, (first.symbol, first.side, first.shares) != (symbol, side, shares) {
        throw APIError.idempotencyKeyReused(
          firstWas: "a \(first.side.rawValue) of \(first.shares) \(first.symbol)")
      }
      if !receipt.isReplay { metrics.tradeExecuted(side: side.rawValue) }
      var headers = HTTPFields()
      if receipt.isReplay { headers[.init("Idempotent-Replayed")!] = "true" }
      return JSONBody(
        TradeReceiptBody(trade: receipt.trade, cash: receipt.cash), status: .created,
        headers: headers)
    } catch MarketDataError.unknownSymbol {
      throw APIError.unknownSymbol(body.symbol)
    } catch {
      if let code = Self.refusalCode(error) { metrics.tradeRefused(code: code) }
      throw error
    }
  }

  @Sendable func list(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<TradesPageBody>
  {
    let user = try context.requireUser()
    let limit = try request.integer("limit", default: 50, range: 1...200)
    let cursor = try request.uri.queryParameters["before"].map { text in
      guard let id = Int64(String(text)) else {
        throw APIError.badRequest("before must be a cursor from nextCursor", code: "invalid_cursor")
      }
      return id
    }
    let page = try await accounts.account(of: user, in: request).trades(
      limit: limit, before: cursor)
    return JSONBody(
      TradesPageBody(
        trades: page.trades, nextCursor: page.nextCursor.map(String.init)))
  }

  /// The refusal's code for the trade metrics, whichever account refused; nil for
  /// failures that are not refusals.
  static func refusalCode(_ error: any Error) -> String? {
    switch error {
    case let error as TradeError: error.code
    case let error as OrderError: error.code
    case StoreError.order(let error): error.code
    case let error as BrokerageError:
      switch error {
      case .insufficientFunds: TradeError.insufficientFunds.code
      case .insufficientShares: TradeError.insufficientShares.code
      case .unknownSymbol: TradeError.unknownSymbol.code
      case .amountTooSmall: OrderError.amountTooSmall.code
      case .rejected: "order_rejected"
      case .duplicateClientOrderID: OrderError.duplicateClientOrderID.code
      case .orderEnded, .invalidCredentials, .notFound, .unsupported, .rateLimited, .unavailable:
        nil
      }
    default: nil
    }
  }
}
