import Foundation
import Logging
import RavenCore
import RavenMarketData
import RavenStore
import ServiceLifecycle

/// Fans live quotes out to WebSocket clients, and each signed-in user's order changes to
/// that user's connections only.
///
/// However many clients watch a symbol, the hub asks the market once per tick for all
/// watched symbols together (one upstream request, through the gateway), frames each
/// changed quote once, and hands the same frame to every subscriber: one task per event
/// loop writes it to all of that loop's connections (`StreamDeliveries`). Each
/// connection's `StreamOutboundHandler` coalesces what a slow client has not read yet.
actor QuoteStreamHub: Service {
  typealias ConnectionID = Int

  /// The most symbols one connection may watch.
  static let maximumSymbolsPerConnection = 100

  private let market: any MarketDataProvider
  /// The instant the quotes are for.
  private let marketClock: any WallClock
  private let interval: Duration
  private let metrics: AppMetrics
  private let logger: Logger

  private var nextID = 0
  private var outboxes: [ConnectionID: StreamOutbox] = [:]
  private var symbolsByConnection: [ConnectionID: Set<Symbol>] = [:]
  private var connectionsBySymbol: [Symbol: Set<ConnectionID>] = [:]
  /// Signed-in users' connections; anonymous ones get quotes only.
  private var connectionsByUser: [UserID: Set<ConnectionID>] = [:]
  private var userByConnection: [ConnectionID: UserID] = [:]
  /// The last price, bid and ask sent per symbol, so that only changes go out.
  private var lastSent: [Symbol: [Price?]] = [:]
  /// Alpaca trading streams (`/stream`) listening to an account's orders.
  private var orderListeners: [AccountID: [ConnectionID: AsyncStream<Order>.Continuation]] =
    [:]

  init(
    market: any MarketDataProvider, marketClock: any WallClock, interval: Duration,
    metrics: AppMetrics, logger: Logger
  ) {
    self.market = market
    self.marketClock = marketClock
    self.interval = interval
    self.metrics = metrics
    self.logger = logger
  }

  /// Registers a connection, `user`'s when signed in, whose messages go to `outbox`.
  func connect(user: UserID? = nil, outbox: StreamOutbox) -> ConnectionID {
    nextID += 1
    let id = nextID
    if let user {
      userByConnection[id] = user
      connectionsByUser[user, default: []].insert(id)
    }
    outboxes[id] = outbox
    symbolsByConnection[id] = []
    metrics.streamConnections(outboxes.count)
    return id
  }

  func disconnect(_ id: ConnectionID) {
    for symbol in symbolsByConnection[id] ?? [] { remove(id, from: symbol) }
    symbolsByConnection[id] = nil
    if let user = userByConnection.removeValue(forKey: id) {
      connectionsByUser[user]?.remove(id)
      if connectionsByUser[user]?.isEmpty == true { connectionsByUser[user] = nil }
    }
    outboxes[id] = nil
    metrics.streamConnections(outboxes.count)
    metrics.streamSubscribers(subscriptionCount)
  }

  /// Subscribes and immediately sends the current quote of each new symbol. Unknown
  /// or malformed symbols get an error message and are not subscribed.
  func subscribe(_ id: ConnectionID, to words: [String]) async {
    var accepted: [Symbol] = []
    for word in words {
      guard let symbol = Symbol(word) else {
        send(id, ErrorMessage(code: "unknown_symbol", message: "Unknown symbol: \(word)"))
        continue
      }
      guard symbolsByConnection[id]?.contains(symbol) == false else { continue }
      guard (symbolsByConnection[id]?.count ?? 0) < Self.maximumSymbolsPerConnection else {
        send(
          id,
          ErrorMessage(
            code: "too_many_symbols",
            message: "At most \(Self.maximumSymbolsPerConnection) symbols per connection"))
        break
      }
      accepted.append(symbol)
    }
    guard !accepted.isEmpty else { return }
    let quotes = (try? await market.quotes(for: accepted, at: marketClock.now)) ?? [:]
    guard outboxes[id] != nil else { return }  // disconnected while we waited
    for symbol in accepted {
      guard let quote = quotes[symbol] else {
        send(id, ErrorMessage(code: "unknown_symbol", message: "Unknown symbol: \(symbol)"))
        continue
      }
      symbolsByConnection[id, default: []].insert(symbol)
      connectionsBySymbol[symbol, default: []].insert(id)
      if lastSent[symbol] == nil { lastSent[symbol] = Self.shown(quote) }
      send(id, QuoteMessage(quote), replaces: symbol)
    }
    metrics.streamSubscribers(subscriptionCount)
  }

  func unsubscribe(_ id: ConnectionID, from words: [String]) {
    for symbol in words.compactMap(Symbol.init)
    where symbolsByConnection[id]?.contains(symbol) == true {
      symbolsByConnection[id]?.remove(symbol)
      remove(id, from: symbol)
    }
    metrics.streamSubscribers(subscriptionCount)
  }

  /// Sends a refusal to one connection.
  func reject(_ id: ConnectionID, code: String, message: String) {
    send(id, ErrorMessage(code: code, message: message))
  }

  /// Ticks until the service group shuts down (gracefully: the loop is cancelled).
  func run() async throws {
    await cancelWhenGracefulShutdown {
      while !Task.isCancelled {
        do {
          try await Task.sleep(for: self.interval)
        } catch {
          break
        }
        await self.tick()
      }
    }
  }

  /// One round: fetch every watched symbol's quote at once and send the changed ones.
  func tick() async {
    let symbols = Array(connectionsBySymbol.keys)
    guard !symbols.isEmpty else { return }
    let quotes: [Symbol: Quote]
    do {
      quotes = try await market.quotes(for: symbols, at: marketClock.now)
    } catch {
      logger.warning("Stream tick failed", metadata: ["error": "\(error)"])
      return
    }
    var deliveries = StreamDeliveries()
    for (symbol, quote) in quotes where lastSent[symbol] != Self.shown(quote) {
      lastSent[symbol] = Self.shown(quote)
      let frame = StreamFrame(StreamJSON.encode(QuoteMessage(quote)), replaces: symbol)
      deliveries.add(
        frame, to: (connectionsBySymbol[symbol] ?? []).lazy.compactMap { self.outboxes[$0] })
    }
    deliveries.send()
  }

  /// What a quote message shows that can change while the symbol is watched.
  private static func shown(_ quote: Quote) -> [Price?] { [quote.price, quote.bid, quote.ask] }

  /// Follows one account's order changes as orders (for Alpaca's trading stream, which
  /// answers for its key's account only); stop with `stopListening(_:)`.
  func listenToOrders(of account: AccountID) -> (ConnectionID, AsyncStream<Order>) {
    nextID += 1
    let (stream, continuation) = AsyncStream<Order>.makeStream(
      bufferingPolicy: .bufferingNewest(256))
    orderListeners[account, default: [:]][nextID] = continuation
    return (nextID, stream)
  }

  func stopListening(_ id: ConnectionID) {
    for account in orderListeners.keys {
      orderListeners[account]?.removeValue(forKey: id)?.finish()
      if orderListeners[account]?.isEmpty == true { orderListeners[account] = nil }
    }
  }

  /// Sends each order of `account` to its listeners and to its owner's connections (which
  /// hear of all the user's accounts, each message naming its account).
  func publish(_ orders: [Order], of account: AccountID, to user: UserID) {
    for listener in orderListeners[account]?.values ?? [:].values {
      for order in orders { listener.yield(order) }
    }
    guard let connections = connectionsByUser[user], !connections.isEmpty else { return }
    var deliveries = StreamDeliveries()
    for order in orders {
      let frame = StreamFrame(
        StreamJSON.encode(OrderMessage(order: order, accountId: account.publicID)))
      deliveries.add(frame, to: connections.lazy.compactMap { self.outboxes[$0] })
    }
    deliveries.send()
  }

  /// The symbols at least one connection watches (a trade feed follows these).
  var watchedSymbols: Set<Symbol> { Set(connectionsBySymbol.keys) }

  /// The number of (connection, symbol) subscriptions.
  var subscriptionCount: Int { connectionsBySymbol.values.reduce(0) { $0 + $1.count } }

  private func send(_ id: ConnectionID, _ message: some Encodable, replaces symbol: Symbol? = nil) {
    outboxes[id]?.send(StreamFrame(StreamJSON.encode(message), replaces: symbol))
  }

  private func remove(_ id: ConnectionID, from symbol: Symbol) {
    connectionsBySymbol[symbol]?.remove(id)
    if connectionsBySymbol[symbol]?.isEmpty == true {
      connectionsBySymbol[symbol] = nil
      lastSent[symbol] = nil
    }
  }
}

extension QuoteStreamHub {
  /// The users with a signed-in connection and the accounts an Alpaca trading stream
  /// follows: whose order changes this server's clients are waiting for.
  var followed: (users: Set<UserID>, accounts: Set<AccountID>) {
    (Set(connectionsByUser.keys), Set(orderListeners.keys))
  }
}
