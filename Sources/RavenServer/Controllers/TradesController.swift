import Foundation
import HTTPTypes
import Hummingbird
import RavenBrokerage
import RavenCore
import RavenMarketData
import RavenStore

/// Buying and selling at the market's price, and the user's trade history.
struct TradesController {
  let services: AppServices

  struct TradeRequest: Decodable, Sendable {
    var symbol: String
    var side: String
    var shares: FlexibleText
  }

  struct TradeBody: Encodable, Sendable {
    var id: String
    var symbol: Symbol
    var side: TradeSide
    var shares: Quantity
    var price: Price
    var amount: Money
    var realizedProfit: Money
    var time: Date
    /// `filled` for the ledger's trades; a brokerage order's state until it fills.
    var status: String

    init(_ trade: AccountTrade) {
      id = trade.id
      symbol = trade.symbol
      side = trade.side
      shares = trade.shares
      price = trade.price
      amount = trade.amount
      realizedProfit = trade.realizedProfit
      time = trade.time
      status = trade.status
    }
  }

  struct ReceiptBody: Encodable, Sendable {
    var trade: TradeBody
    /// Cash right after the trade.
    var cash: Money
  }

  struct TradesPage: Encodable, Sendable {
    var trades: [TradeBody]
    /// Pass as `before` for the next (older) page; `null` on the last page.
    var nextCursor: String?

    private enum CodingKeys: String, CodingKey { case trades, nextCursor }

    /// Written out, because the synthesized encoder leaves out a `nil` cursor, and
    /// clients look for `"nextCursor": null` to know they have read the last page.
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(trades, forKey: .trades)
      try container.encode(nextCursor, forKey: .nextCursor)
    }
  }

  func addRoutes(to group: RouterGroup<RavenRequestContext>) {
    group.post("/trades", use: trade)
    group.get("/trades", use: list)
  }

  @Sendable func trade(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<ReceiptBody>
  {
    let user = try context.requireUser()
    let body = try await context.requestDecoder.decode(
      TradeRequest.self, from: request, context: context)
    guard let side = TradeSide(rawValue: body.side.lowercased()) else {
      throw APIError.badRequest("side must be \"buy\" or \"sell\"", code: "invalid_side")
    }
    let key = try idempotencyKey(request)
    do {
      let shares = try ShareAmount.parse(body.shares.text, side: side)
      guard let symbol = Symbol(body.symbol) else { throw TradeError.unknownSymbol }
      let account = try await services.account(of: user)
      let receipt = try await account.submit(
        BrokerageOrderRequest(symbol: symbol, side: side, shares: shares), idempotencyKey: key)
      if !receipt.isReplay { services.metrics.tradeExecuted(side: side.rawValue) }
      var headers = HTTPFields()
      if receipt.isReplay { headers[.init("Idempotent-Replayed")!] = "true" }
      return JSONBody(
        ReceiptBody(trade: TradeBody(receipt.trade), cash: receipt.cash), status: .created,
        headers: headers)
    } catch MarketDataError.unknownSymbol {
      throw APIError.unknownSymbol(body.symbol)
    } catch {
      if let code = Self.refusalCode(error) { services.metrics.tradeRefused(code: code) }
      throw error
    }
  }

  @Sendable func list(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<TradesPage>
  {
    let user = try context.requireUser()
    let limit = try request.integer("limit", default: 50, range: 1...200)
    let cursor = try request.uri.queryParameters["before"].map { text in
      guard let id = Int64(String(text)) else {
        throw APIError.badRequest("before must be a cursor from nextCursor", code: "invalid_cursor")
      }
      return id
    }
    let page = try await services.account(of: user).trades(limit: limit, before: cursor)
    return JSONBody(
      TradesPage(
        trades: page.trades.map(TradeBody.init), nextCursor: page.nextCursor.map(String.init)))
  }

  /// The refusal's code for the trade metrics, whichever account refused; nil for
  /// failures that are not refusals.
  static func refusalCode(_ error: any Error) -> String? {
    switch error {
    case let error as TradeError: error.code
    case StoreError.trade(let error): error.code
    case let error as BrokerageError:
      switch error {
      case .insufficientFunds: TradeError.insufficientFunds.code
      case .insufficientShares: TradeError.insufficientShares.code
      case .unknownSymbol: TradeError.unknownSymbol.code
      case .rejected: "order_rejected"
      case .invalidCredentials, .notFound, .rateLimited, .unavailable: nil
      }
    default: nil
    }
  }

  /// The `Idempotency-Key` header: up to 255 visible ASCII characters.
  private func idempotencyKey(_ request: Request) throws -> String? {
    guard let key = request.headers[.idempotencyKey] else { return nil }
    guard (1...255).contains(key.count),
      key.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) })
    else {
      throw APIError.badRequest(
        "Idempotency-Key must be 1 to 255 visible ASCII characters", code: "invalid_idempotency_key"
      )
    }
    return key
  }
}

/// A JSON value read as text whether it was sent as a string (`"3"`) or a number (`3`),
/// so that a share count is validated by RavenCore with its own messages either way.
struct FlexibleText: Decodable, Sendable {
  let text: String

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let string = try? container.decode(String.self) {
      text = string
    } else if let number = try? container.decode(Decimal.self) {
      text = "\(number)"
    } else {
      text = ""
    }
  }
}
