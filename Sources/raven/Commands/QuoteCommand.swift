import ArgumentParser
import RavenCore

struct QuoteCommand: MarketDataCommand {
  static let configuration = CommandConfiguration(
    commandName: "quote", abstract: "Show the latest price of one or more stocks.")

  @Argument(help: "Ticker symbols, e.g. AAPL MSFT.")
  var symbols: [String]

  @OptionGroup var options: MarketOptions

  func output(in environment: MarketEnvironment) async throws -> String {
    let quotes = try await environment.market.quotes(for: try SymbolArgument.parse(symbols))
    if environment.json { return try JSONOutput.render(quotes) }
    var table = TextTable([
      ("SYMBOL", .left), ("PRICE", .right), ("BID", .right), ("ASK", .right), ("CHANGE", .right),
      ("CHANGE %", .right),
      ("OPEN", .right), ("HIGH", .right), ("LOW", .right), ("PREV CLOSE", .right), ("TIME", .left),
    ])
    for quote in quotes {
      table.append([
        quote.symbol.rawValue, DisplayFormat.currency(quote.price),
        quote.bid.map { DisplayFormat.currency($0) } ?? "–",
        quote.ask.map { DisplayFormat.currency($0) } ?? "–",
        DisplayFormat.signed(quote.change), DisplayFormat.percent(quote.changePercent),
        DisplayFormat.currency(quote.open), DisplayFormat.currency(quote.high),
        DisplayFormat.currency(quote.low), DisplayFormat.currency(quote.previousClose),
        NewYorkTime.format(quote.time, calendar: environment.calendar),
      ])
    }
    return table.render() + "\n" + (try await Attribution.line(environment.market, for: .quote))
  }
}

/// Turns command-line words into ticker symbols, refusing malformed ones up front.
enum SymbolArgument {
  static func parse(_ words: [String]) throws -> [Symbol] {
    guard !words.isEmpty else { throw ValidationError("Give at least one symbol, e.g. AAPL") }
    return try words.map(parse)
  }

  static func parse(_ word: String) throws -> Symbol {
    guard let symbol = Symbol(word) else {
      throw ValidationError("'\(word)' is not a ticker symbol (letters, digits, '.' or '-')")
    }
    return symbol
  }
}
