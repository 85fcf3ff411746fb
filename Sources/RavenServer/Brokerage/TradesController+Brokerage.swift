import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import RavenBrokerage
import RavenCore

extension TradesController.TradeBody {
  /// A brokerage order in the ledger's trade shape: the shares asked for, and the price
  /// and amount of what has filled so far (zero until something fills).
  init(_ order: BrokerageOrder) {
    let price = order.filledAveragePrice ?? .zero
    id = order.id
    symbol = order.symbol
    side = order.side
    shares = order.shares
    self.price = price
    amount = (order.filledShares * price).roundedToCents()
    realizedProfit = .zero
    time = order.filledAt ?? order.submittedAt
    status = order.status
  }
}

extension TradesController {
  /// Places a market order with the user's brokerage. With an `Idempotency-Key`, the
  /// order carries a client order id derived from it, and a retried request finds the
  /// first order instead of placing a second.
  func placeOrder(
    _ request: BrokerageOrderRequest, idempotencyKey: String?, credentials: BrokerageCredentials
  ) async throws -> JSONBody<ReceiptBody> {
    var request = request
    request.clientOrderID = idempotencyKey.map(Self.clientOrderID)
    let brokerage = services.brokerage
    if let id = request.clientOrderID,
      let earlier = try await brokerage.order(clientOrderID: id, credentials)
    {
      let cash = try await brokerage.account(credentials).cash
      return receipt(earlier, cash: cash, isReplay: true)
    }
    // Read first: when Alpaca cannot be reached, nothing is placed and the user is told.
    let cashBefore = try await brokerage.account(credentials).cash
    let order: BrokerageOrder
    var isReplay = false
    do {
      order = try await brokerage.submitOrder(request, credentials)
    } catch {
      guard let id = request.clientOrderID, case .rejected = error,
        let earlier = try? await brokerage.order(clientOrderID: id, credentials)
      else {
        if let code = Self.refusalCode(error) { services.metrics.tradeRefused(code: code) }
        throw error
      }
      // The same request raced this one and won: Alpaca refused the duplicate id.
      (order, isReplay) = (earlier, true)
    }
    if !isReplay { services.metrics.tradeExecuted(side: request.side.rawValue) }
    // The order stands whatever happens next, so failing to read the cash after it must
    // not turn its answer into an error (the user would place it again).
    let cash = (try? await brokerage.account(credentials).cash) ?? cashBefore
    return receipt(order, cash: cash, isReplay: isReplay)
  }

  private func receipt(_ order: BrokerageOrder, cash: Money, isReplay: Bool)
    -> JSONBody<ReceiptBody>
  {
    var headers = HTTPFields()
    if isReplay { headers[.init("Idempotent-Replayed")!] = "true" }
    return JSONBody(
      ReceiptBody(trade: TradeBody(order), cash: cash), status: .created, headers: headers)
  }

  /// The refusal's code for the trade metrics; nil for failures that are not refusals.
  private static func refusalCode(_ error: BrokerageError) -> String? {
    switch error {
    case .insufficientFunds: TradeError.insufficientFunds.code
    case .insufficientShares: TradeError.insufficientShares.code
    case .unknownSymbol: TradeError.unknownSymbol.code
    case .rejected: "order_rejected"
    case .invalidCredentials, .notFound, .rateLimited, .unavailable: nil
    }
  }

  /// The user's brokerage orders of every state, newest first. The cursor is the last
  /// order's submission time in microseconds since 1970: Alpaca pages by time.
  func orders(limit: Int, before: Int64?, credentials: BrokerageCredentials) async throws
    -> JSONBody<TradesPage>
  {
    let until = before.map { Date(timeIntervalSince1970: TimeInterval($0) / 1_000_000) }
    let orders = try await services.brokerage.orders(
      limit: limit + 1, until: until, credentials)
    let page = orders.prefix(limit)
    return JSONBody(
      TradesPage(
        trades: page.map { TradeBody($0) },
        nextCursor: orders.count > limit
          ? page.last.map {
            String(Int64(($0.submittedAt.timeIntervalSince1970 * 1_000_000).rounded()))
          }
          : nil))
  }

  /// Alpaca's client order ids are at most 128 characters; an idempotency key may be 255.
  static func clientOrderID(_ key: String) -> String {
    "raven-"
      + SHA256.hash(data: Data(key.utf8)).prefix(20).map { String(format: "%02x", $0) }
      .joined()
  }
}
