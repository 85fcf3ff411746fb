import AlpacaWire
import Foundation
import Hummingbird
import RavenCore
import RavenMarketData

/// Alpaca's historical trades and quotes (`/v2/stocks/trades`, `/v2/stocks/quotes` and their
/// single-symbol forms), made from the market's finished minutes: each minute's prints
/// (`MinutePrints`) add up to its bar, and each quote is the market's own spread around its
/// print. Paged and sorted as bars are. Only the simulated market is made of minutes this
/// way; with live market data these routes answer 403, as Alpaca answers a plan without
/// the data, rather than make prints up from someone else's bars.
extension AlpacaMarketDataController {
  func addTickRoutes(to group: RouterGroup<RavenRequestContext>) {
    group.get("/stocks/trades", use: trades)
    group.get("/stocks/quotes", use: quotes)
    group.get("/stocks/:symbol/trades", use: symbolTrades)
    group.get("/stocks/:symbol/quotes", use: symbolQuotes)
  }

  @Sendable func trades(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<AlpacaTradesPage>
  {
    let (page, next) = try await printsPage(request, symbols: nil)
    return AlpacaBody(
      AlpacaTradesPage(trades: page.mapValues { $0.map(AlpacaTrade.init) }, nextPageToken: next))
  }

  @Sendable func quotes(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<AlpacaQuotesPage>
  {
    let (page, next) = try await printsPage(request, symbols: nil)
    return AlpacaBody(
      AlpacaQuotesPage(quotes: page.mapValues { $0.map(AlpacaQuote.init) }, nextPageToken: next))
  }

  @Sendable func symbolTrades(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<AlpacaSymbolTradesPage>
  {
    let symbol = try context.alpacaSymbol()
    let (page, next) = try await printsPage(request, symbols: [symbol])
    return AlpacaBody(
      AlpacaSymbolTradesPage(
        trades: (page[symbol.rawValue] ?? []).map(AlpacaTrade.init), symbol: symbol.rawValue,
        nextPageToken: next))
  }

  @Sendable func symbolQuotes(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<AlpacaSymbolQuotesPage>
  {
    let symbol = try context.alpacaSymbol()
    let (page, next) = try await printsPage(request, symbols: [symbol])
    return AlpacaBody(
      AlpacaSymbolQuotesPage(
        quotes: (page[symbol.rawValue] ?? []).map(AlpacaQuote.init), symbol: symbol.rawValue,
        nextPageToken: next))
  }

  /// A page of prints by symbol (`limit` across symbols, 1,000 by default), and the token
  /// of the next. Only finished minutes have prints: the minute in progress has none yet.
  private func printsPage(_ request: Request, symbols: [Symbol]?) async throws
    -> (page: [String: [MinutePrints.Print]], next: String?)
  {
    guard market.attribution.isSimulated else {
      throw AlpacaError(
        .forbidden,
        "historical trades and quotes are served on the simulated market; this server uses live data"
      )
    }
    let now = marketClock.now
    var query = try AlpacaBarsQuery(
      request.uri.queryParameters, symbols: symbols, timeframe: Self.minute, now: now,
      calendar: calendar)
    query.end = min(query.end, now.minuteStart.addingTimeInterval(-0.000_001))
    var page: [String: [MinutePrints.Print]] = [:]
    var room = query.limit
    var reads = Self.marketReadsPerPage
    for index in (query.cursor?.symbolIndex ?? 0)..<query.symbols.count {
      let symbol = query.symbols[index]
      let (lower, upper) = query.range(ofSymbolAt: index)
      guard room > 0, lower <= upper else {
        if room == 0 {
          let time = query.ascending ? lower : upper
          return (page, AlpacaPageToken(symbolIndex: index, time: time).text)
        }
        continue
      }
      let (found, more) = try await prints(
        of: symbol, from: lower, to: upper, ascending: query.ascending, wanted: room,
        reads: &reads, asOf: now)
      if !found.isEmpty { page[symbol.rawValue] = found }
      room -= found.count
      if let more { return (page, AlpacaPageToken(symbolIndex: index, time: more).text) }
    }
    return (page, nil)
  }

  /// Up to `wanted` prints of `symbol` in `[from, to]`, in the asked order, and where the
  /// next page resumes when there are more: the minutes' bars, each cut into its prints.
  private func prints(
    of symbol: Symbol, from: Date, to: Date, ascending: Bool, wanted: Int, reads: inout Int,
    asOf now: Date
  ) async throws -> (prints: [MinutePrints.Print], next: Date?) {
    // Every minute has a print at least, so `wanted` minutes hold enough.
    let (bars, more) = try await bars(
      of: symbol, Self.minute, from: from.minuteStart, to: to, asOf: now, ascending: ascending,
      wanted: wanted, reads: &reads)
    var found: [MinutePrints.Print] = []
    // Prints fall on whole milliseconds; compared there, a page token's time (kept in
    // microseconds) is exactly the print it names.
    let (lower, upper) = (from.milliseconds, to.milliseconds)
    for bar in bars {
      var prints = MinutePrints.prints(of: bar, symbol: symbol).filter {
        lower <= $0.time.milliseconds && $0.time.milliseconds <= upper
      }
      if !ascending { prints.reverse() }
      for print in prints {
        if found.count == wanted { return (found, print.time) }
        found.append(print)
      }
    }
    return (found, more)
  }

  static let minute = AlpacaTimeframe("1Min")!
}

extension Date {
  /// The start of the minute this instant falls in.
  fileprivate var minuteStart: Date {
    Date(timeIntervalSince1970: (timeIntervalSince1970 / 60).rounded(.down) * 60)
  }

  /// The nearest whole millisecond since 1970.
  fileprivate var milliseconds: Int64 { Int64((timeIntervalSince1970 * 1_000).rounded()) }
}

extension AlpacaTrade {
  /// One of a minute's prints, on IEX's letter as the market's trades are.
  init(_ print: MinutePrints.Print) {
    self.init(time: AlpacaTime(print.time), price: print.price.exact.value)
    size = Decimal(print.size)
    exchange = "V"
    id = print.id
    conditions = ["@"]
    tape = "C"
  }
}

extension AlpacaQuote {
  /// The quote around one of a minute's prints: the market's spread, a round lot a side.
  init(_ print: MinutePrints.Print) {
    self.init(
      time: AlpacaTime(print.time), bidPrice: print.bid.exact.value,
      askPrice: print.ask.exact.value)
    bidSize = 100
    askSize = 100
    bidExchange = "V"
    askExchange = "V"
    conditions = ["R"]
    tape = "C"
  }
}
