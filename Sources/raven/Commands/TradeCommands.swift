import ArgumentParser
import Foundation
import RavenAPI
import RavenCore

/// `raven buy` and `raven sell`: one trade at the market's price.
protocol TradeCommand: ServerCommand {
  static var side: TradeSide { get }
  var symbol: String { get }
  var shares: String { get }
}

extension TradeCommand {
  func output(using client: RavenAPIClient) async throws -> String {
    // A fresh key per invocation: if the connection drops and the request is retried,
    // the server trades once.
    let receipt = try await client.send(
      .POST, "api/v1/trades",
      body: TradeRequest(symbol: symbol, side: Self.side.rawValue, shares: shares),
      headers: [("Idempotency-Key", UUID().uuidString)], as: TradeReceiptBody.self)
    if serverOptions.json { return try JSONOutput.render(receipt) }
    let trade = receipt.trade
    let count = DisplayFormat.shares(trade.shares)
    let noun = trade.shares == 1 ? "share" : "shares"
    let verb = Self.side == .buy ? "bought" : "sold"
    return "You have successfully \(verb) \(count) \(noun) of \(trade.symbol) at "
      + "\(DisplayFormat.currency(trade.price)) (\(DisplayFormat.currency(trade.amount))). "
      + "Cash: \(DisplayFormat.currency(receipt.cash))."
  }
}

struct BuyCommand: TradeCommand {
  static let configuration = CommandConfiguration(
    commandName: "buy", abstract: "Buy shares at the market price.")
  static let side = TradeSide.buy
  @Argument(help: "A ticker symbol, e.g. AAPL.") var symbol: String
  @Argument(help: "How many shares, e.g. 3 or 0.5.") var shares: String
  @OptionGroup var serverOptions: ServerOptions
}

struct SellCommand: TradeCommand {
  static let configuration = CommandConfiguration(
    commandName: "sell", abstract: "Sell shares at the market price.")
  static let side = TradeSide.sell
  @Argument(help: "A ticker symbol, e.g. AAPL.") var symbol: String
  @Argument(help: "How many shares, e.g. 3 or 0.5.") var shares: String
  @OptionGroup var serverOptions: ServerOptions
}
