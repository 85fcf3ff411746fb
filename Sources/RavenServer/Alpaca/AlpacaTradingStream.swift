import AlpacaWire
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import RavenCore
import RavenHTTP
import RavenStore

/// `GET /stream`: Alpaca's trading stream. The client authenticates with an API key
/// (`{"action":"authenticate","data":{"key_id","secret_key"}}`), listens to
/// `trade_updates`, and then gets an event for each change of its orders on the built-in
/// account: new, fill, partial_fill, canceled, expired, replaced, rejected. Deleting the key
/// closes the stream (1008, "API key revoked").
struct AlpacaTradingStream {
  let hub: QuoteStreamHub
  let signIn: AlpacaStreamSignIn
  /// Who the client is behind trusted proxies: wrong keys are counted per address.
  let origin: ClientOrigin
  /// The market's clock: orders' times are on it.
  let marketClock: any WallClock

  static let path = "/stream"
  static let maximumMessageSize = 16 * 1024

  func addRoutes(to router: Router<StreamRequestContext>) {
    router.ws(RouterPath(Self.path)) { inbound, outbound, context in
      let channel = context.requestContext.channel
      let address = origin.clientAddress(
        peer: channel.remoteAddress?.ipAddress, headers: context.request.headers)
      var listener: QuoteStreamHub.ConnectionID?
      var user: User?
      var key: APIKey?
      var watches: [RevocationWatch] = []
      defer {
        if let listener { Task { await hub.stopListening(listener) } }
        for watch in watches { watch.end() }
      }
      try await withThrowingTaskGroup(of: Void.self) { group in
        defer { group.cancelAll() }
        for try await message in inbound.messages(maxSize: Self.maximumMessageSize) {
          guard let request = Self.request(message) else {
            try await outbound.write(.text(Self.error("invalid syntax")))
            continue
          }
          switch request.action {
          case "authenticate", "auth":
            let signedIn = await signIn.signIn(
              keyID: request.data?.keyId ?? request.key ?? "",
              secret: request.data?.secretKey ?? request.secret ?? "", from: address)
            user = signedIn?.0
            key = signedIn?.2
            if let watch = signedIn?.1 {
              watches.append(watch)
              group.addTask { try await watch.closeWhenRevoked(outbound, channel: channel) }
            }
            try await outbound.write(
              .text(
                Self.encode(
                  AlpacaStreamMessage(
                    stream: "authorization",
                    data: AlpacaStreamAuthorization(
                      action: "authenticate",
                      status: user == nil ? "unauthorized" : "authorized")))))
            if user == nil { return }
          case "listen":
            guard user != nil, let key else {
              try await outbound.write(.text(Self.error("not authenticated")))
              return
            }
            let streams = (request.data?.streams ?? []).filter { $0 == "trade_updates" }
            try await outbound.write(
              .text(
                Self.encode(
                  AlpacaStreamMessage(
                    stream: "listening", data: AlpacaStreamListening(streams: streams)))))
            guard !streams.isEmpty, listener == nil else { continue }
            let (id, orders) = await hub.listenToOrders(of: key.accountID)
            listener = id
            let since = marketClock.now
            group.addTask {
              var announced = Set<UUID>()
              for await order in orders {
                for update in Self.updates(for: order, announced: &announced, since: since) {
                  try await outbound.write(.text(Self.encode(update.message)))
                }
              }
            }
          default:
            try await outbound.write(.text(Self.error("invalid action")))
          }
        }
      }
    }
  }

  /// The events an order's change makes: first its `new`, when the order was placed while
  /// the stream listened but arrives already further along (a market order that filled as
  /// it was placed, as Alpaca announces it too), then the change itself.
  ///
  /// A bracket's held exit says nothing until it is armed (Alpaca has no event for it):
  /// its `new` then.
  static func updates(for order: Order, announced: inout Set<UUID>, since: Date) -> [TradeUpdate] {
    if order.status == .held { return [] }
    defer {
      // Bounded: a long-lived bot's stream forgets the oldest orders it announced.
      if announced.count > 10_000 { announced.removeAll() }
      announced.insert(order.id)
    }
    guard order.status != .new, !announced.contains(order.id), order.submittedAt >= since
    else { return [TradeUpdate(order)] }
    var placed = order
    placed.status = .new
    placed.filledQty = .zero
    placed.filledAvgPrice = nil
    placed.filledAt = nil
    placed.canceledAt = nil
    placed.expiredAt = nil
    placed.fills = []
    placed.events = Array(order.events.prefix(1))
    placed.updatedAt = order.submittedAt
    if order.notional != nil { placed.qty = nil }
    return [TradeUpdate(placed), TradeUpdate(order)]
  }

  /// A client message: text or binary JSON.
  private static func request(_ message: WebSocketMessage) -> AlpacaStreamRequest? {
    let data: Data
    switch message {
    case .text(let text): data = Data(text.utf8)
    case .binary(let buffer): data = Data(buffer: buffer)
    }
    return try? AlpacaJSON.decode(AlpacaStreamRequest.self, from: data)
  }

  private static func error(_ message: String) -> String {
    encode(AlpacaStreamMessage(stream: "error", data: AlpacaStreamError(error: message)))
  }

  static func encode(_ value: some Encodable) -> String {
    String(decoding: (try? AlpacaJSON.encode(value)) ?? Data("{}".utf8), as: UTF8.self)
  }

  /// A change of an order and Alpaca's word for it: `{"stream":"trade_updates","data":
  /// {"event","order","timestamp",…}}`, a fill with its price, shares and id.
  struct TradeUpdate {
    let order: Order

    init(_ order: Order) { self.order = order }

    /// Alpaca's word for what just happened to the order.
    var event: String {
      switch order.status {
      case .new: "new"
      case .partiallyFilled: "partial_fill"
      case .filled: "fill"
      case .canceled: "canceled"
      case .expired: "expired"
      case .rejected: "rejected"
      case .replaced: "replaced"
      case .pendingCancel: "pending_cancel"
      case .held: "held"
      }
    }

    var message: AlpacaStreamMessage<AlpacaTradeUpdate> {
      var update = AlpacaTradeUpdate(
        event: event, order: AlpacaOrder(order), timestamp: AlpacaTime(order.updatedAt))
      if event == "fill" || event == "partial_fill", let fill = order.fills.last {
        update.price = AlpacaAmount(fill.price.exact)
        update.qty = AlpacaAmount(fill.qty.exact)
        update.executionId =
          AlpacaFormat.uuid("fill:\(order.id):\(order.fills.count)").uuidString.lowercased()
        // The account's shares right after this fill, as the ledger booked it; bots read
        // it to know what they hold without asking.
        update.positionQty = fill.positionQty.map { AlpacaAmount($0.exact) }
      }
      return AlpacaStreamMessage(stream: "trade_updates", data: update)
    }
  }
}
