/// One symbol's member of `/v2/stocks/snapshots`, an answer of symbols at its top level
/// (`[String: AlpacaSnapshot]`). Its keys are camelCase (`latestTrade`), as Alpaca writes
/// them; members without a value are left out (or `null`). A reader needs the trade and
/// the daily bars as they are; it takes the quote and the minute bar leniently.
public struct AlpacaSnapshot: Codable, Hashable, Sendable {
  public var latestTrade: AlpacaTrade?
  @Lenient public var latestQuote: AlpacaQuote?
  @Lenient public var minuteBar: AlpacaBar?
  public var dailyBar: AlpacaBar?
  public var prevDailyBar: AlpacaBar?
  /// Set in `/v2/stocks/{symbol}/snapshot`'s answer, which names its symbol beside the
  /// members; absent in `/v2/stocks/snapshots`, keyed by symbol.
  @Lenient public var symbol: String?

  public init(
    latestTrade: AlpacaTrade?, latestQuote: AlpacaQuote?, minuteBar: AlpacaBar?,
    dailyBar: AlpacaBar?, prevDailyBar: AlpacaBar?
  ) {
    self.latestTrade = latestTrade
    self.latestQuote = latestQuote
    self.minuteBar = minuteBar
    self.dailyBar = dailyBar
    self.prevDailyBar = prevDailyBar
  }

  /// Written as a dictionary of members: `JSONEncoder` writes a dictionary's keys as they
  /// are, where its key strategy would turn `latestTrade` into `latest_trade`.
  public func encode(to encoder: any Encoder) throws {
    var members: [String: Member] = [:]
    members["symbol"] = symbol.map(Member.text)
    members["latestTrade"] = latestTrade.map(Member.trade)
    members["latestQuote"] = latestQuote.map(Member.quote)
    members["minuteBar"] = minuteBar.map(Member.bar)
    members["dailyBar"] = dailyBar.map(Member.bar)
    members["prevDailyBar"] = prevDailyBar.map(Member.bar)
    var container = encoder.singleValueContainer()
    try container.encode(members)
  }

  private enum Member: Encodable {
    case trade(AlpacaTrade)
    case quote(AlpacaQuote)
    case bar(AlpacaBar)
    case text(String)

    func encode(to encoder: any Encoder) throws {
      switch self {
      case .text(let text): try text.encode(to: encoder)
      case .trade(let trade): try trade.encode(to: encoder)
      case .quote(let quote): try quote.encode(to: encoder)
      case .bar(let bar): try bar.encode(to: encoder)
      }
    }
  }
}
