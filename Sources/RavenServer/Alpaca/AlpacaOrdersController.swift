import AlpacaWire
import Foundation
import Hummingbird
import RavenBrokerage
import RavenCore
import RavenStore

/// Alpaca's `/v2/orders` over Raven's built-in account and its order engine: the same
/// orders, fills and refusals as `/api/v1/orders`, in Alpaca's shapes.
struct AlpacaOrdersController {
  let accounts: AccountDirectory

  /// How many orders a list reads through at most to filter by time, symbols and side.
  static let scanLimit = 5_000
  /// Orders read from the store at a time while a list fills.
  static let pageSize = 500

  func addRoutes(to group: RouterGroup<RavenRequestContext>) {
    group.post("/orders", use: submit)
    group.get("/orders", use: list)
    group.delete("/orders", use: cancelAll)
    group.get("/orders:by_client_order_id", use: byClientOrderID)
    group.get("/orders/{id}", use: show)
    group.patch("/orders/{id}", use: replace)
    group.delete("/orders/{id}", use: cancel)
  }

  @Sendable func submit(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<AlpacaOrder>
  {
    let (_, record) = try await accounts.alpacaAccount(context)
    let body = try await context.alpacaBody(AlpacaOrderRequest.self, from: request)
    let placing = try body.request()
    try Self.allowed(qty: placing.qty, notional: placing.notional, by: record.settings)
    let ledger = accounts.ledger(record)
    let order = try await ledger.placeOrder(placing)
    return AlpacaBody(AlpacaOrder(order, legs: try await ledger.legs(of: order)))
  }

  @Sendable func list(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<[AlpacaOrder]>
  {
    let (_, ledger) = try await accounts.alpacaLedger(context, forReading: true)
    let query = try AlpacaOrderQuery(request.uri.queryParameters)
    // In submission order (then storage order), in the direction asked, each page past the
    // last order read: an order stored after a later one still comes once, in its place.
    var window = OrderTimeWindow(
      after: query.after, until: query.until, ascending: query.ascending)
    var found: [Order] = []
    var scanned = 0
    while found.count < query.limit, scanned < Self.scanLimit {
      let page = try await ledger.orders(
        status: query.status, symbol: query.symbols?.count == 1 ? query.symbols?.first : nil,
        submitted: window, limit: Self.pageSize)
      for order in page.map(\.order)
      where !(query.nested && order.parentID != nil) && query.matches(order) {
        found.append(order)
        if found.count == query.limit { break }
      }
      guard page.count == Self.pageSize, let last = page.last else { break }
      window.cursor = OrderTimeCursor(last)
      scanned += page.count
    }
    var answers: [AlpacaOrder] = []
    for order in found {
      answers.append(
        AlpacaOrder(order, legs: query.nested ? try await ledger.legs(of: order) : []))
    }
    return AlpacaBody(answers)
  }

  @Sendable func show(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<AlpacaOrder>
  {
    let (_, ledger) = try await accounts.alpacaLedger(context, forReading: true)
    let order = try await ledger.order(id: try context.alpacaOrderID())
    return AlpacaBody(AlpacaOrder(order, legs: try await ledger.legs(of: order)))
  }

  @Sendable func byClientOrderID(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<AlpacaOrder>
  {
    let (_, ledger) = try await accounts.alpacaLedger(context, forReading: true)
    guard let clientOrderID = request.uri.queryParameters["client_order_id"].map(String.init),
      !clientOrderID.isEmpty
    else { throw AlpacaError.unprocessable("client_order_id is missing") }
    guard clientOrderID.count <= OrderRequest.maximumClientOrderIDLength,
      !clientOrderID.containsControlCharacters()
    else { throw AlpacaError(.notFound, "order not found") }
    guard let order = try await ledger.order(clientOrderID: clientOrderID) else {
      throw StoreError.notFound
    }
    return AlpacaBody(AlpacaOrder(order))
  }

  @Sendable func cancel(_ request: Request, context: RavenRequestContext) async throws
    -> HTTPResponse.Status
  {
    let (_, ledger) = try await accounts.alpacaLedger(context)
    _ = try await ledger.cancelOrder(id: try context.alpacaOrderID())
    return .noContent
  }

  /// Cancels every open order: 207 with each order's own status, as Alpaca answers.
  @Sendable func cancelAll(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<[AlpacaCancelResult]>
  {
    let (_, ledger) = try await accounts.alpacaLedger(context)
    var results: [AlpacaCancelResult] = []
    for stored in try await ledger.openOrders() {
      // Canceling a bracket's first order has canceled its legs already.
      if try await !ledger.order(id: stored.order.id).status.isOpen { continue }
      do {
        let order = try await ledger.cancelOrder(id: stored.order.id)
        results.append(
          AlpacaCancelResult(
            id: order.id.uuidString.lowercased(), status: 200, body: .order(AlpacaOrder(order))))
      } catch {
        let refusal = AlpacaError.from(error, logger: context.logger)
        results.append(
          AlpacaCancelResult(
            id: stored.order.id.uuidString.lowercased(), status: refusal.status.code,
            body: .error(refusal.body)))
      }
    }
    return AlpacaBody(results, status: HTTPResponse.Status(code: 207, reasonPhrase: "Multi-Status"))
  }

  @Sendable func replace(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<AlpacaOrder>
  {
    let (_, record) = try await accounts.alpacaAccount(context)
    let ledger = accounts.ledger(record)
    let id = try context.alpacaOrderID()
    let body = try await context.alpacaBody(AlpacaReplaceRequest.self, from: request)
    let old = try await ledger.order(id: id)
    let replacement = try body.replacement(of: old)
    try Self.allowed(qty: replacement.qty, notional: nil, by: record.settings)
    let new = try await ledger.replaceOrder(id: id, with: replacement)
    return AlpacaBody(AlpacaOrder(new))
  }

  /// What the account's own settings refuse (`/v2/account/configurations`): any order while
  /// trading is suspended (403, as Alpaca answers it), and a fractional or dollar-amount
  /// order while fractional trading is off (422).
  static func allowed(qty: Quantity?, notional: Money?, by settings: AccountSettings) throws {
    if settings.tradingSuspended {
      throw AlpacaError(.forbidden, "trading is suspended for this account (suspend_trade)")
    }
    if !settings.fractionalTrading, notional != nil || qty?.isWhole == false {
      throw AlpacaError.unprocessable(
        "fractional trading is turned off for this account (fractional_trading)")
    }
  }
}

extension RavenRequestContext {
  /// The `{id}` of an order's path: a UUID, or 404.
  func alpacaOrderID() throws -> UUID {
    guard let text = parameters.get("id"), let id = UUID(uuidString: text) else {
      throw AlpacaError(.notFound, "order not found")
    }
    return id
  }

}
