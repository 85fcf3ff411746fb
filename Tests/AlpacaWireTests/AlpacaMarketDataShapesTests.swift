import AlpacaWire
import Foundation
import Testing

/// Market data's shapes: short keys, prices as JSON numbers, symbols as keys.
@Suite("Alpaca market data shapes")
struct AlpacaMarketDataShapesTests {
  static let time = AlpacaTime(Date(timeIntervalSince1970: 1_795_197_600))

  static var bar: AlpacaBar {
    AlpacaBar(
      time: time, open: Decimal(string: "184.22"), high: Decimal(string: "185.88"),
      low: Decimal(string: "183.43"), close: Decimal(string: "184.25"), volume: 58_414_500)
  }

  static var quote: AlpacaQuote {
    var quote = AlpacaQuote(
      time: time, bidPrice: Decimal(string: "181.17"), askPrice: Decimal(string: "181.2"))
    quote.bidSize = 100
    quote.askSize = 100
    quote.bidExchange = "V"
    quote.askExchange = "V"
    quote.conditions = ["R"]
    quote.tape = "C"
    return quote
  }

  static var trade: AlpacaTrade {
    var trade = AlpacaTrade(time: time, price: Decimal(string: "181.18"))
    trade.size = 100
    trade.exchange = "V"
    trade.id = 0
    trade.conditions = ["@"]
    trade.tape = "C"
    return trade
  }

  @Test("a bar: short keys, exact numbers, the keys alpaca-py requires written null")
  func bar() throws {
    #expect(try roundTrip(Self.bar) == Self.bar)
    #expect(
      String(decoding: try AlpacaJSON.encode(Self.bar, sortingKeys: true), as: UTF8.self)
        == #"{"c":184.25,"h":185.88,"l":183.43,"n":null,"o":184.22,"#
        + #""t":"2026-11-20T18:00:00.000Z","v":58414500,"vw":null}"#)
    let alpaca = try read(
      AlpacaBar.self,
      #"{"t": "2024-01-03T05:00:00Z", "o": 184.2200, "h": 185.88, "l": 183.43, "c": 184.25, "v": 58414500, "n": 1.5, "vw": "x"}"#
    )
    #expect(alpaca.open == Decimal(string: "184.22") && alpaca.tradeCount == nil)
    #expect(alpaca.vwap == nil && alpaca.time?.date == Date(timeIntervalSince1970: 1_704_258_000))
  }

  @Test("pages of bars: symbols as they are, a token or null; a symbol's page null when empty")
  func pages() throws {
    let page = AlpacaBarsPage(bars: ["AAPL": [Self.bar], "BRK.B": []], nextPageToken: nil)
    #expect(try roundTrip(page) == page)
    let json = try written(page)
    #expect(json["next_page_token"] is NSNull)
    #expect((json["bars"] as? [String: Any])?.keys.sorted() == ["AAPL", "BRK.B"])
    let latest = AlpacaLatestBars(bars: ["AAPL": Self.bar])
    #expect(try roundTrip(latest) == latest)
    let empty = try read(
      AlpacaSymbolBarsPage.self, #"{"bars":null,"symbol":"EMPTY","next_page_token":null}"#)
    #expect(empty.bars.isEmpty && empty.nextPageToken == nil)
    let more = try read(
      AlpacaSymbolBarsPage.self,
      #"{"bars":[{"t":"2024-01-03T13:00:00Z","o":184.0,"h":184.5,"l":183.8,"c":184.2,"v":20000,"n":300,"vw":184.1}],"symbol":"AAPL","next_page_token":"QUFQTHxN"}"#
    )
    #expect(more.bars.count == 1 && more.nextPageToken == "QUFQTHxN")
    #expect(try roundTrip(more) == more)
    // The list's key must be there.
    #expect(throws: DecodingError.self) {
      try read(AlpacaSymbolBarsPage.self, #"{"symbol":"AAPL","next_page_token":null}"#)
    }
  }

  @Test("quotes and trades, and the latest of each by symbol")
  func quotesAndTrades() throws {
    #expect(try roundTrip(Self.quote) == Self.quote)
    #expect(try written(Self.quote)["as"] as? Int == 100)
    #expect(try roundTrip(Self.trade) == Self.trade)
    #expect(try written(Self.trade)["p"] as? Double == 181.18)
    let quotes = AlpacaLatestQuotes(quotes: ["AAPL": Self.quote])
    #expect(try roundTrip(quotes) == quotes)
    let trades = AlpacaLatestTrades(trades: ["AAPL": Self.trade])
    #expect(try roundTrip(trades) == trades)
    let alpaca = try read(
      AlpacaTrade.self,
      #"{"t": "2024-01-05T20:59:59.912345678Z", "x": "V", "p": 181.1800, "s": 100, "c": ["@"], "i": 52983525029461, "z": "C"}"#
    )
    #expect(alpaca.price == Decimal(string: "181.18") && alpaca.id == 52_983_525_029_461)
  }

  @Test("snapshots: camelCase members, absent ones left out, Alpaca's own read")
  func snapshots() throws {
    let snapshot = AlpacaSnapshot(
      latestTrade: Self.trade, latestQuote: Self.quote, minuteBar: nil, dailyBar: Self.bar,
      prevDailyBar: Self.bar)
    #expect(try roundTrip(["AAPL": snapshot]) == ["AAPL": snapshot])
    let json = try written(snapshot)
    #expect(json.keys.sorted() == ["dailyBar", "latestQuote", "latestTrade", "prevDailyBar"])
    let alpaca = try read(
      [String: AlpacaSnapshot?].self,
      """
      {"MSFT": {"latestTrade": {"t": "2024-01-05T13:00:00Z", "x": "V", "p": 368.5, "s": 10,
        "c": ["@", "T"], "i": 1, "z": "C"},
       "latestQuote": {"t": 5}, "minuteBar": null,
       "dailyBar": {"t": "2024-01-04T05:00:00Z", "o": 370.6600, "h": 373.1, "l": 367.17,
        "c": 367.94, "v": 900123, "n": 9000, "vw": 368.8},
       "prevDailyBar": {"t": "2024-01-03T05:00:00Z", "o": 369.01, "h": 373.26, "l": 368.51,
        "c": 370.6, "v": 800000, "n": 8000, "vw": 370}},
       "GONE": null}
      """)
    let msft = try #require(alpaca["MSFT"] ?? nil)
    #expect(msft.latestTrade?.price == Decimal(string: "368.5") && msft.latestQuote == nil)
    #expect(msft.dailyBar?.close == Decimal(string: "367.94"))
    #expect(alpaca.keys.contains("GONE") && alpaca["GONE"] == .some(nil))
  }

  @Test("news: integer ids, a url always written, an empty list written null by Alpaca")
  func news() throws {
    var article = AlpacaArticle(
      id: .number(123_456_789_012), headline: "Apple ships", createdAt: Self.time)
    article.author = "Raven"
    article.updatedAt = Self.time
    article.summary = "It did."
    article.content = ""
    article.images = [AlpacaArticle.Image(size: "thumb", url: "https://example.com/a.png")]
    article.symbols = ["AAPL"]
    article.source = "Raven"
    let page = AlpacaNewsPage(news: [article], nextPageToken: nil)
    #expect(try roundTrip(page) == page)
    let json = try written(page)
    #expect(json["next_page_token"] is NSNull)
    let first = try #require((json["news"] as? [[String: Any]])?.first)
    #expect(first["url"] is NSNull && first["id"] as? Int == 123_456_789_012)
    #expect(first["created_at"] as? String == "2026-11-20T18:00:00.000Z")
    let alpaca = try read(
      AlpacaNewsPage.self,
      """
      {"news": [{"id": 36600001, "headline": "Apple's new chip", "author": null,
       "created_at": "2024-01-05T15:00:00Z", "updated_at": "2024-01-05T15:10:00Z",
       "summary": "A chip.", "content": "", "images": [{"size": "large", "url": "https://x/l.jpg"}],
       "symbols": ["AAPL"], "source": "benzinga", "url": "https://x/story"}],
       "next_page_token": "abc"}
      """)
    #expect(
      alpaca.news.first?.id == .number(36_600_001) && alpaca.news.first?.url == "https://x/story")
    #expect(try read(AlpacaNewsPage.self, #"{"news":null,"next_page_token":null}"#).news.isEmpty)
    #expect(throws: DecodingError.self) {
      try read(AlpacaNewsPage.self, #"{"next_page_token":null}"#)
    }
  }
}
