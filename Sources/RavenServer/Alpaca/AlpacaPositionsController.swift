import AlpacaWire
import Foundation
import Hummingbird
import RavenBrokerage
import RavenCore
import RavenStore

/// Closing positions (`DELETE /v2/positions[/{symbol_or_asset_id}]`): a market order to
/// sell a long position or buy back a short one, through the order engine like any other,
/// and refused as any order is by the account's own settings (`suspend_trade`,
/// `fractional_trading`).
struct AlpacaPositionsController {
  let accounts: AccountDirectory

  func addRoutes(to group: RouterGroup<RavenRequestContext>) {
    group.delete("/positions", use: closeAll)
    group.delete("/positions/{symbol}", use: close)
  }

  /// All of it, or `qty` shares, or `percentage` of them (rounded down to 9 places).
  @Sendable func close(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<AlpacaOrder>
  {
    let (_, record) = try await accounts.alpacaAccount(context)
    let ledger = accounts.ledger(record)
    guard
      let symbol = AlpacaTradingController.positionSymbol(context.parameters.get("symbol") ?? ""),
      let held = try await ledger.portfolio().positions.first(where: { $0.symbol == symbol })
    else { throw AlpacaError(.notFound, "position does not exist") }
    let size = held.shares.magnitude
    let query = request.uri.queryParameters
    let shares: Quantity
    switch (query["qty"].map(String.init), query["percentage"].map(String.init)) {
    case (nil, nil): shares = size
    case (let text?, nil):
      guard let qty = ExactDecimal(text), qty > .zero else {
        throw AlpacaError.unprocessable("invalid qty: \(text)")
      }
      shares = Quantity(exact: qty)
    case (nil, let text?):
      guard let percent = ExactDecimal(text), percent > .zero, percent <= ExactDecimal(100),
        let part = (size.exact * percent).divided(
          by: ExactDecimal(100), fractionDigits: Quantity.maximumFractionDigits,
          rounding: .towardZero), part > .zero
      else { throw AlpacaError.unprocessable("invalid percentage: \(text)") }
      shares = Quantity(exact: part.trimmed)
    default:
      throw AlpacaError.unprocessable("give qty or percentage, not both")
    }
    let closing = Self.closing(shares, of: symbol, short: held.shares.isNegative)
    try AlpacaOrdersController.allowed(qty: closing.qty, notional: nil, by: record.settings)
    let order = try await ledger.placeOrder(closing)
    return AlpacaBody(AlpacaOrder(order))
  }

  /// Every position, each a result of its own (207); `cancel_orders=true` cancels the open
  /// orders first, so that the shares they hold can be sold.
  @Sendable func closeAll(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<[AlpacaCloseResult]>
  {
    let (_, record) = try await accounts.alpacaAccount(context)
    let ledger = accounts.ledger(record)
    try AlpacaOrdersController.allowed(qty: nil, notional: nil, by: record.settings)
    if request.uri.queryParameters["cancel_orders"]?.lowercased() == "true" {
      for stored in try await ledger.openOrders() {
        _ = try? await ledger.cancelOrder(id: stored.order.id)
      }
    }
    var results: [AlpacaCloseResult] = []
    for position in try await ledger.portfolio().positions {
      do {
        let closing = Self.closing(
          position.shares.magnitude, of: position.symbol, short: position.shares.isNegative)
        try AlpacaOrdersController.allowed(qty: closing.qty, notional: nil, by: record.settings)
        let order = try await ledger.placeOrder(closing)
        results.append(
          AlpacaCloseResult(
            symbol: position.symbol.rawValue, status: 200,
            orderId: order.id.uuidString.lowercased(), body: .order(AlpacaOrder(order))))
      } catch {
        let refusal = AlpacaError.from(error, logger: context.logger)
        results.append(
          AlpacaCloseResult(
            symbol: position.symbol.rawValue, status: refusal.status.code, orderId: nil,
            body: .error(refusal.body)))
      }
    }
    return AlpacaBody(results, status: .init(code: 207, reasonPhrase: "Multi-Status"))
  }

  /// A market order for the day (Alpaca's close) of `shares`, whole or fractional: a sale
  /// of a long position, a buy covering a short one.
  static func closing(_ shares: Quantity, of symbol: Symbol, short: Bool) -> OrderRequest {
    OrderRequest(
      symbol: symbol, side: short ? .buy : .sell, type: .market, qty: shares, timeInForce: .day)
  }
}
