import AlpacaWire
import Foundation
import Hummingbird
import HummingbirdWebSocket
import NIOCore
import RavenCore
import RavenMarketData
import RavenStore
import Synchronization

/// Alpaca's market data stream at `/v2/iex`, `/v2/sip`, `/v2/delayed_sip` and `/v2/test`,
/// in MessagePack as Alpaca's SDKs read it: `connected`, then `auth` with an API key, then
/// `subscribe` (trades, quotes, bars, dailyBars; a fragmented message is reassembled) and
/// arrays of `t`, `q`, `b` and `d` messages with Timestamp-extension times. All feeds are
/// the one market the web app shows. Prices are MessagePack floats, as Alpaca sends them.
/// Deleting the key closes the stream (1008, "API key revoked").
struct AlpacaDataStream {
  let signIn: AlpacaStreamSignIn
  /// Who is calling, behind a trusted proxy.
  let origin: ClientOrigin
  let market: any MarketDataProvider
  let calendar: NYSECalendar
  let marketClock: any WallClock
  /// How often quotes and bars are looked for.
  let interval: Duration

  static let paths = ["/v2/iex", "/v2/sip", "/v2/delayed_sip", "/v2/test"]
  static let maximumMessageSize = 64 * 1024
  /// The most symbols one connection may follow in each channel.
  static let maximumSymbols = 1_000

  func addRoutes(to router: Router<StreamRequestContext>) {
    for path in Self.paths {
      router.ws(RouterPath(path)) { inbound, outbound, context in
        let channel = context.requestContext.channel
        let address = origin.clientAddress(
          peer: channel.remoteAddress?.ipAddress, headers: context.request.headers)
        let (frames, send) = AsyncStream<Outgoing>.makeStream(
          bufferingPolicy: .bufferingNewest(256))
        let session = Session()
        var watches: [RevocationWatch] = []
        defer { for watch in watches { watch.end() } }
        // One writer, so that replies and data never interleave; it drains what is queued
        // (a refusal's error) before the connection ends, and closes a revoked stream.
        async let written: Void = {
          for await outgoing in frames {
            switch outgoing {
            case .frame(let bytes): try await outbound.write(.binary(ByteBuffer(bytes: bytes)))
            case .close(let reason):
              try await RevocationWatch.close(outbound, channel: channel, reason: reason)
              return
            }
          }
        }()
        send.yield(Self.frame([.object(["T": .string("success"), "msg": .string("connected")])]))
        try await withThrowingTaskGroup(of: Void.self) { group in
          defer { group.cancelAll() }
          group.addTask { try await ticks(session, send) }
          reading: for try await message in inbound.messages(maxSize: Self.maximumMessageSize) {
            switch await handle(message, session, send, from: address) {
            case .read: continue
            case .end: break reading
            case .follow(let watch):
              watches.append(watch)
              group.addTask {
                guard let reason = await watch.revoked() else { return }
                // Nothing more for the revoked key: no data, then the closing frame.
                session.state.withLock { $0 = Session.State() }
                send.yield(.close(reason: reason))
              }
            }
          }
        }
        send.finish()
        try await written
      }
    }
  }

  /// What the writer sends next: a frame, or the closing frame of a revoked stream.
  enum Outgoing: Sendable {
    case frame([UInt8])
    case close(reason: String)
  }

  /// What the connection does after a client message.
  private enum Next {
    case read
    /// End the connection (a failed auth).
    case end
    /// Signed in: close the stream when the key is revoked.
    case follow(RevocationWatch)
  }

  /// What one connection has said: who it is, what it follows, what it was last sent.
  final class Session: Sendable {
    struct State {
      var user: User?
      var trades: Set<Symbol> = []
      var quotes: Set<Symbol> = []
      var bars: Set<Symbol> = []
      var dailyBars: Set<Symbol> = []
      /// Followed, and acknowledged as Alpaca does, though the simulated market never
      /// corrects a bar, halts a stock or bands its price, so nothing comes on them.
      var updatedBars: Set<Symbol> = []
      var statuses: Set<Symbol> = []
      var lulds: Set<Symbol> = []
      var lastPrice: [Symbol: Price] = [:]
      var lastMinute: Date?
    }
    let state = Mutex(State())
  }

  /// Answers one client message.
  private func handle(
    _ message: WebSocketMessage, _ session: Session, _ send: AsyncStream<Outgoing>.Continuation,
    from address: String?
  ) async -> Next {
    guard let request = Self.decode(message), let action = request["action"]?.stringValue else {
      send.yield(Self.error(400, "invalid syntax"))
      return .read
    }
    switch action {
    case "auth":
      guard
        let (user, watch, _) = await signIn.signIn(
          keyID: request["key"]?.stringValue ?? "", secret: request["secret"]?.stringValue ?? "",
          from: address)
      else {
        send.yield(Self.error(402, "auth failed"))
        return .end
      }
      session.state.withLock { $0.user = user }
      send.yield(Self.frame([.object(["T": .string("success"), "msg": .string("authenticated")])]))
      return .follow(watch)
    case "subscribe", "unsubscribe":
      guard session.state.withLock({ $0.user != nil }) else {
        send.yield(Self.error(401, "not authenticated"))
        return .read
      }
      let adding = action == "subscribe"
      let wanted = { (channel: String) -> Set<Symbol> in
        guard case .array(let items)? = request[channel] else { return [] }
        return Set(items.compactMap { $0.stringValue.flatMap(Symbol.init) })
      }
      let ack = session.state.withLock { state -> MessagePackValue in
        func apply(_ set: inout Set<Symbol>, _ channel: String) {
          let symbols = wanted(channel)
          set = adding ? set.union(symbols) : set.subtracting(symbols)
          if set.count > Self.maximumSymbols { set = Set(set.sorted().prefix(Self.maximumSymbols)) }
        }
        apply(&state.trades, "trades")
        apply(&state.quotes, "quotes")
        apply(&state.bars, "bars")
        apply(&state.dailyBars, "dailyBars")
        apply(&state.updatedBars, "updatedBars")
        apply(&state.statuses, "statuses")
        apply(&state.lulds, "lulds")
        let list = { (set: Set<Symbol>) in
          MessagePackValue.array(set.sorted().map { .string($0.rawValue) })
        }
        // Corrections and cancel errors come with trades at Alpaca, so they list the same.
        return .object([
          "T": .string("subscription"), "trades": list(state.trades), "quotes": list(state.quotes),
          "bars": list(state.bars), "updatedBars": list(state.updatedBars),
          "dailyBars": list(state.dailyBars), "statuses": list(state.statuses),
          "lulds": list(state.lulds), "corrections": list(state.trades),
          "cancelErrors": list(state.trades),
        ])
      }
      send.yield(Self.frame([ack]))
    default:
      send.yield(Self.error(400, "invalid syntax"))
    }
    return .read
  }

  /// Every stream interval: a trade and a quote for each followed symbol whose price moved,
  /// and when a minute has ended, its bar (and the day's bar so far) for bar followers.
  private func ticks(_ session: Session, _ send: AsyncStream<Outgoing>.Continuation) async throws {
    while !Task.isCancelled {
      try await Task.sleep(for: interval)
      let state = session.state.withLock { $0 }
      guard state.user != nil else { continue }
      let priced = state.trades.union(state.quotes)
      var messages: [MessagePackValue] = []
      let now = marketClock.now
      if !priced.isEmpty, let quotes = try? await market.quotes(for: priced.sorted(), at: now) {
        for (symbol, quote) in quotes.sorted(by: { $0.key < $1.key })
        where state.lastPrice[symbol] != quote.price {
          if state.trades.contains(symbol) { messages.append(Self.trade(symbol, quote)) }
          if state.quotes.contains(symbol) { messages.append(Self.quote(symbol, quote)) }
          session.state.withLock { $0.lastPrice[symbol] = quote.price }
        }
      }
      let minute = MarketMinute.start(of: now)
      if let last = state.lastMinute, last < minute, calendar.isOpen(at: last) {
        for symbol in state.bars.sorted() {
          if let bar = try? await market.rawBars(
            for: symbol, resolution: .minute, from: last, to: last.addingTimeInterval(60), asOf: now
          ).first {
            messages.append(Self.bar("b", symbol, bar))
          }
        }
        for symbol in state.dailyBars.sorted() {
          if let bar = try? await market.rawBars(
            for: symbol, resolution: .day, from: now.addingTimeInterval(-86_400), to: now, asOf: now
          ).last {
            messages.append(Self.bar("d", symbol, bar))
          }
        }
      }
      session.state.withLock { $0.lastMinute = minute }
      if !messages.isEmpty { send.yield(Self.frame(messages)) }
    }
  }

  static func trade(_ symbol: Symbol, _ quote: Quote) -> MessagePackValue {
    .object([
      "T": .string("t"), "S": .string(symbol.rawValue), "i": .uint(0), "x": .string("V"),
      "p": number(quote.price.exact), "s": .uint(100), "t": .timestamp(quote.time),
      "c": .array([.string("@")]), "z": .string("C"),
    ])
  }

  static func quote(_ symbol: Symbol, _ quote: Quote) -> MessagePackValue {
    let sides = AlpacaQuote.sides(of: quote)
    return .object([
      "T": .string("q"), "S": .string(symbol.rawValue), "bx": .string("V"),
      "bp": number(sides.bid.exact), "bs": .uint(100),
      "ax": .string("V"), "ap": number(sides.ask.exact), "as": .uint(100),
      "t": .timestamp(quote.time), "c": .array([.string("R")]), "z": .string("C"),
    ])
  }

  static func bar(_ kind: String, _ symbol: Symbol, _ bar: Bar) -> MessagePackValue {
    .object([
      "T": .string(kind), "S": .string(symbol.rawValue), "o": number(bar.open.exact),
      "h": number(bar.high.exact), "l": number(bar.low.exact), "c": number(bar.close.exact),
      "v": .uint(UInt64(max(bar.volume, 0))), "t": .timestamp(bar.time), "n": .uint(0),
      "vw": number(bar.close.exact),
    ])
  }

  /// The wire's float for an exact amount: the nearest double to its decimal text.
  static func number(_ value: ExactDecimal) -> MessagePackValue {
    .double(Double(value.description) ?? 0)
  }

  static func frame(_ messages: [MessagePackValue]) -> Outgoing {
    .frame(MessagePackEncoder.encode(.array(messages)))
  }

  static func error(_ code: Int, _ message: String) -> Outgoing {
    frame([.object(["T": .string("error"), "code": .int(Int64(code)), "msg": .string(message)])])
  }

  /// A client message: MessagePack (what the SDKs send) or JSON text.
  static func decode(_ message: WebSocketMessage) -> MessagePackValue? {
    switch message {
    case .binary(let buffer):
      return try? MessagePackDecoder.decode(Array(buffer.readableBytesView))
    case .text(let text):
      guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) else {
        return nil
      }
      return json(object)
    }
  }

  private static func json(_ object: Any) -> MessagePackValue {
    switch object {
    case let text as String: return .string(text)
    case let list as [Any]: return .array(list.map(json))
    case let map as [String: Any]:
      return .map(map.map { MessagePackPair(key: .string($0.key), value: json($0.value)) })
    default: return .nil
    }
  }
}
