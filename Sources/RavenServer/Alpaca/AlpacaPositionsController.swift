import AlpacaWire
import Foundation
import Hummingbird
import RavenBrokerage
import RavenCore
import RavenStore

/// Closing positions (`DELETE /v2/positions[/{symbol}]`): a market order to sell, through
/// the order engine like any other.
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
    let (_, ledger) = try await accounts.alpacaLedger(context)
    let symbol = try context.alpacaSymbol()
    guard let held = try await ledger.portfolio().positions.first(where: { $0.symbol == symbol })
    else { throw AlpacaError(.notFound, "position does not exist") }
    let query = request.uri.queryParameters
    let shares: Quantity
    switch (query["qty"].map(String.init), query["percentage"].map(String.init)) {
    case (nil, nil): shares = held.shares
    case (let text?, nil):
      guard let qty = ExactDecimal(text), qty > .zero else {
        throw AlpacaError.unprocessable("invalid qty: \(text)")
      }
      shares = Quantity(exact: qty)
    case (nil, let text?):
      guard let percent = ExactDecimal(text), percent > .zero, percent <= ExactDecimal(100),
        let part = (held.shares.exact * percent).divided(
          by: ExactDecimal(100), fractionDigits: Quantity.maximumFractionDigits,
          rounding: .towardZero), part > .zero
      else { throw AlpacaError.unprocessable("invalid percentage: \(text)") }
      shares = Quantity(exact: part.trimmed)
    default:
      throw AlpacaError.unprocessable("give qty or percentage, not both")
    }
    let order = try await ledger.placeOrder(Self.sale(of: shares, symbol))
    return AlpacaBody(AlpacaOrder(order))
  }

  /// Every position, each a result of its own (207); `cancel_orders=true` cancels the open
  /// orders first, so that the shares they hold can be sold.
  @Sendable func closeAll(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<[AlpacaCloseResult]>
  {
    let (_, ledger) = try await accounts.alpacaLedger(context)
    if request.uri.queryParameters["cancel_orders"]?.lowercased() == "true" {
      for stored in try await ledger.openOrders() {
        _ = try? await ledger.cancelOrder(id: stored.order.id)
      }
    }
    var results: [AlpacaCloseResult] = []
    for position in try await ledger.portfolio().positions {
      do {
        let order = try await ledger.placeOrder(Self.sale(of: position.shares, position.symbol))
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

  /// A market sale for the day (Alpaca's close), whole or fractional shares.
  static func sale(of shares: Quantity, _ symbol: Symbol) -> OrderRequest {
    OrderRequest(symbol: symbol, side: .sell, type: .market, qty: shares, timeInForce: .day)
  }
}
