import Foundation
import HummingbirdWSClient
import Logging
import RavenCore
import RavenHTTP
import RavenMarketData

/// Finnhub's trades WebSocket (https://finnhub.io/docs/api/websocket-trades) as a
/// `TradeFeed`: subscribes to the watched symbols with `{"type":"subscribe","symbol":…}`
/// (and unsubscribes from those no longer watched), and reports the trades of each
/// `{"type":"trade","data":[{"p","s","t","v"}]}` message (`t` in milliseconds).
///
/// Finnhub takes the key only in the URL's query here, so the URL is never logged: the
/// WebSocket client gets a logger that drops everything, and failures are reported by
/// kind alone.
public struct FinnhubTradeFeed: TradeFeed, CustomStringConvertible {
  public static let defaultURL = "wss://ws.finnhub.io"
  /// A free key may follow 50 symbols at once.
  public static let freeSymbolLimit = 50

  let apiKey: String
  let url: String
  let symbolLimit: Int
  /// How often the watched symbols are compared with the subscriptions.
  let resubscribeEvery: Duration

  public init(
    apiKey: String, url: String = Self.defaultURL, symbolLimit: Int = Self.freeSymbolLimit,
    resubscribeEvery: Duration = .seconds(1)
  ) {
    self.apiKey = apiKey
    self.url = url
    self.symbolLimit = symbolLimit
    self.resubscribeEvery = resubscribeEvery
  }

  /// Never shows the key (service lifecycles log their services' descriptions).
  public var description: String {
    "FinnhubTradeFeed(url: \(url), apiKey: <redacted>, symbolLimit: \(symbolLimit))"
  }

  public func run(
    watched: @escaping @Sendable () async -> Set<Symbol>,
    onTrades: @escaping @Sendable ([TradePrint]) async -> Void
  ) async throws {
    let separator = url.contains("?") ? "&" : "?"
    let token = apiKey.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    let silent = Logger(label: "raven.finnhub.stream") { _ in SwiftLogNoOpLogHandler() }
    let limit = symbolLimit
    let interval = resubscribeEvery
    do {
      try await WebSocketClient.connect(
        url: url + separator + "token=" + token,
        configuration: WebSocketClientConfiguration(maxFrameSize: 1 << 20), logger: silent
      ) { inbound, outbound, _ in
        try await withThrowingTaskGroup(of: Void.self) { group in
          group.addTask {
            var subscribed: Set<Symbol> = []
            while !Task.isCancelled {
              let wanted = Set((await watched()).sorted().prefix(limit))
              for symbol in wanted.subtracting(subscribed).sorted() {
                try await outbound.write(.text(Self.message("subscribe", symbol)))
              }
              for symbol in subscribed.subtracting(wanted).sorted() {
                try await outbound.write(.text(Self.message("unsubscribe", symbol)))
              }
              subscribed = wanted
              try await Task.sleep(for: interval)
            }
          }
          group.addTask {
            for try await message in inbound.messages(maxSize: 1 << 20) {
              guard case .text(let text) = message else { continue }
              let trades = Self.trades(in: text)
              if !trades.isEmpty { await onTrades(trades) }
            }
          }
          // Either side ending ends the connection.
          try await group.next()
          group.cancelAll()
        }
      }
    } catch is CancellationError {
      throw CancellationError()
    } catch {
      throw MarketDataError.unavailable("the Finnhub stream failed (\(type(of: error)))")
    }
  }

  static func message(_ type: String, _ symbol: Symbol) -> String {
    #"{"type":"\#(type)","symbol":"\#(symbol.rawValue)"}"#
  }

  /// `{"type":"trade","data":[…]}`, `{"type":"ping"}` or `{"type":"error","msg":…}`.
  struct Message: Decodable {
    var type: String?
    var data: [Trade]?
  }

  /// `{"c":[…],"p":187.95,"s":"AAPL","t":1575526691134,"v":100}`.
  struct Trade: Decodable {
    var price: Decimal?
    var symbol: String?
    /// Milliseconds since 1970.
    var time: Int64?
    /// Shares; read leniently (a print without a readable size still moves the price).
    var volume: Int64?

    enum CodingKeys: String, CodingKey {
      case price = "p"
      case symbol = "s"
      case time = "t"
      case volume = "v"
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      price = try container.decodeIfPresent(Decimal.self, forKey: .price)
      symbol = try container.decodeIfPresent(String.self, forKey: .symbol)
      time = try container.decodeIfPresent(Int64.self, forKey: .time)
      volume = (try? container.decodeIfPresent(Decimal.self, forKey: .volume))
        .flatMap { $0 >= 0 && $0 <= 1e15 ? NSDecimalNumber(decimal: $0).int64Value : nil }
    }
  }

  /// The trades of a `trade` message; nothing for pings, errors and anything unreadable.
  static func trades(in text: String) -> [TradePrint] {
    guard let message = UpstreamJSON.decode(Message.self, from: text.utf8),
      message.type == "trade", let rows = message.data
    else { return [] }
    return rows.compactMap { row in
      guard let symbol = row.symbol.flatMap(Symbol.init),
        let price = row.price?.exactDecimal, price.isPositive, let milliseconds = row.time
      else { return nil }
      return TradePrint(
        symbol: symbol, price: FinnhubDecoding.price(price),
        time: Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1_000), size: row.volume)
    }
  }
}
