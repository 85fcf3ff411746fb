import AlpacaWire
import Foundation
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing

/// A local stand-in for Alpaca's trading API, started by a test on an ephemeral port,
/// answering with Alpaca's documented JSON shapes and `{"code","message"}` errors:
///
/// - Keys other than `keyID`/`secret` (in `APCA-API-KEY-ID`/`APCA-API-SECRET-KEY`): 401.
/// - `POST /v2/orders`: `ZZZZ` 422 asset not found, `GONE` 404, `BRK.A` 422 not
///   fractionable, a buy over 1,000 shares 403 insufficient buying power, a sell of
///   `TSLA` (not held) 403 insufficient qty, under 0.01 shares 403 cost basis, `BROKEN` truncated JSON, `SLOW` no answer
///   until the test ends, `DOWN` 502; anything else is accepted.
///   A `client_order_id` of `taken` is 422 not unique.
/// - `GET /v2/orders/{id}`: `filledOrderID` is a filled order, `trailingOrderID` a partly
///   filled trailing stop; others 404.
/// - `DELETE /v2/orders/{id}`: `trailingOrderID` 204, `filledOrderID` 422 not cancelable,
///   others 404. `PATCH /v2/orders/{id}`: `trailingOrderID` answers a replacement order.
final class FakeAlpacaTradingServer: Sendable {
  static let keyID = "PKTESTKEY0000001WXYZ"
  static let secret = "alpaca-secret-0123456789abcdefghijklmnopqrs"
  static let filledOrderID = "61e69015-8549-4bfd-b9c3-01e75843f47d"
  static let trailingOrderID = "7c0ffee0-1111-4222-8333-944445555666"

  struct Received: Sendable, Hashable {
    var method: String
    var uri: String
    var body: String
    var keyID: String?
    var secret: String?
  }

  private let received = Mutex<[Received]>([])
  private let slowRequests = SlowGate()

  var requests: [Received] { received.withLock { $0 } }

  /// Runs `body` with the base URL of a running fake (`http://127.0.0.1:PORT`).
  func run(_ body: @Sendable (String) async throws -> Void) async throws {
    try await FakeUpstream.serve(router(), releasing: slowRequests, body)
  }

  private func router() -> Router<BasicRequestContext> {
    let router = Router()
    let api = router.group("v2")
    api.get("account") { request, _ in
      try await self.checked(request) { _ in FakeUpstream.json(AlpacaTradingFixtures.account) }
    }
    api.get("positions") { request, _ in
      try await self.checked(request) { _ in FakeUpstream.json(AlpacaTradingFixtures.positions) }
    }
    api.get("account/portfolio/history") { request, _ in
      try await self.checked(request) { _ in FakeUpstream.json(AlpacaTradingFixtures.history) }
    }
    api.get("orders") { request, _ in
      try await self.checked(request) { _ in FakeUpstream.json(AlpacaTradingFixtures.orders) }
    }
    api.get("orders:by_client_order_id") { request, _ in
      try await self.checked(request) { _ in
        request.uri.queryParameters.get("client_order_id") == "known-client-id"
          ? FakeUpstream.json(AlpacaTradingFixtures.filledOrder)
          : Self.error(404, 40_410_000, "order not found")
      }
    }
    api.get("orders/{id}") { request, context in
      let id = context.parameters.get("id")
      return try await self.checked(request) { _ in
        switch id {
        case Self.filledOrderID: FakeUpstream.json(AlpacaTradingFixtures.filledOrder)
        case Self.trailingOrderID: FakeUpstream.json(AlpacaTradingFixtures.trailingStopOrder)
        default: Self.error(404, 40_410_000, "order not found")
        }
      }
    }
    api.delete("orders/{id}") { request, context in
      let id = context.parameters.get("id")
      return try await self.checked(request) { _ in
        switch id {
        case Self.trailingOrderID: Response(status: .noContent)
        case Self.filledOrderID: Self.error(422, 42_210_000, "order is not cancelable")
        default: Self.error(404, 40_410_000, "order not found")
        }
      }
    }
    api.patch("orders/{id}") { request, context in
      let id = context.parameters.get("id")
      return try await self.checked(request) { _ in
        id == Self.trailingOrderID
          ? FakeUpstream.json(AlpacaTradingFixtures.replacementOrder(replacing: id ?? ""))
          : Self.error(404, 40_410_000, "order not found")
      }
    }
    api.post("orders") { request, _ in
      try await self.checked(request) { body in await self.order(body) }
    }
    return router
  }

  private func order(_ body: String) async -> Response {
    let request = try? AlpacaJSON.decode(AlpacaOrderRequest.self, from: Array(body.utf8))
    let symbol = request?.symbol ?? ""
    let side = request?.side ?? ""
    let qtyText: String? =
      if case .text(let text)? = request?.qty { text } else { nil }
    let qty = Decimal(string: qtyText ?? "") ?? 0
    if request?.clientOrderId == "taken" {
      return Self.error(422, 40_010_001, "client_order_id must be unique")
    }
    switch symbol {
    case "ZZZZ": return Self.error(422, 42_210_000, #"asset "ZZZZ" not found"#)
    case "GONE": return Self.error(404, 40_410_000, "asset not found")
    case "BRK.A" where qtyText?.contains(".") == true:
      return Self.error(422, 42_210_000, "asset BRK.A is not fractionable")
    case "BROKEN": return FakeUpstream.json(#"{"id":"abc","symbol":"#)
    case "DOWN":
      return FakeUpstream.htmlError(.badGateway)
    case "SLOW":
      await slowRequests.wait()
      return FakeUpstream.json(AlpacaTradingFixtures.filledOrder)
    default: break
    }
    if side == "buy", qty > 1000 {
      return Self.error(403, 40_310_000, "insufficient buying power")
    }
    if qtyText != nil, qty < Decimal(string: "0.01")! {
      return Self.error(403, 40_310_000, "cost basis must be >= 1")
    }
    if side == "sell", symbol == "TSLA" {
      return Self.error(
        403, 40_310_000, "insufficient qty available for order (requested: \(qty), available: 0)")
    }
    return FakeUpstream.json(
      AlpacaTradingFixtures.acceptedOrder(
        symbol: symbol, qty: qtyText ?? "", side: side, clientOrderID: request?.clientOrderId))
  }

  /// Records the request, then answers 401 unless it carries the right keys.
  private func checked(_ request: Request, _ answer: (String) async -> Response) async throws
    -> Response
  {
    let body = String(buffer: try await request.body.collect(upTo: 1 << 20))
    let keyID = FakeUpstream.header("apca-api-key-id", of: request)
    let secret = FakeUpstream.header("apca-api-secret-key", of: request)
    received.withLock {
      $0.append(
        Received(
          method: request.method.rawValue, uri: request.uri.description, body: body,
          keyID: keyID, secret: secret))
    }
    guard keyID == Self.keyID, secret == Self.secret else {
      return Self.error(401, 40_110_000, "request is not authorized")
    }
    return await answer(body)
  }

  static func error(_ status: Int, _ code: Int, _ message: String) -> Response {
    FakeUpstream.alpacaError(.init(code: status), code, message)
  }
}
