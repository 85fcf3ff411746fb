import ArgumentParser
import Foundation
import RavenAPI
import RavenCore

/// `raven buy` and `raven sell`: a simple trade at the market's price, or, with any order
/// option (`--limit`, `--stop`, `--trail-percent`, `--notional`, `--tif`, …), an order
/// through the order engine.
protocol TradeCommand: ServerCommand {
  static var side: TradeSide { get }
  var symbol: String { get }
  var shares: String? { get }
  var orderOptions: OrderOptions { get }
  var accountOption: AccountOption { get }
}

/// What makes a trade an order: its prices, how long it lasts, and its own ID.
struct OrderOptions: ParsableArguments {
  @Option(help: "A limit price: buy at this price or lower, sell at this price or higher.")
  var limit: String?
  @Option(help: "A stop price: becomes a market order (a stop-limit with --limit) once reached.")
  var stop: String?
  @Option(name: .customLong("trail-percent"), help: "A trailing stop this many percent away.")
  var trailPercent: String?
  @Option(name: .customLong("trail-price"), help: "A trailing stop this many dollars away.")
  var trailPrice: String?
  @Option(help: "Buy or sell this many dollars' worth instead of a number of shares.")
  var notional: String?
  @Option(name: .customLong("tif"), help: "How long it lasts: day, gtc, opg, cls, ioc or fok.")
  var timeInForce: String?
  @Option(name: .customLong("client-order-id"), help: "Your own unique ID for the order.")
  var clientOrderID: String?
  @Option(
    name: .customLong("take-profit"),
    help: "An exit placed with the order: a limit on the other side, armed once it fills.")
  var takeProfit: String?
  @Option(
    name: .customLong("stop-loss"),
    help: "An exit placed with the order: a stop on the other side, armed once it fills.")
  var stopLoss: String?
  @Option(
    name: .customLong("stop-loss-limit"), help: "Makes --stop-loss a stop-limit at this price.")
  var stopLossLimit: String?

  /// Whether any option asks for an order rather than a simple trade.
  var isOrder: Bool {
    [
      limit, stop, trailPercent, trailPrice, notional, timeInForce, clientOrderID, takeProfit,
      stopLoss, stopLossLimit,
    ]
    .contains { $0 != nil }
  }

  /// With both exits a bracket, with one an OTO (as Alpaca names them); else simple.
  var orderClass: OrderClass {
    switch (takeProfit, stopLoss) {
    case (_?, _?): .bracket
    case (_?, nil), (nil, _?): .oto
    case (nil, nil): .simple
    }
  }

  /// The order type the prices describe.
  var type: OrderType {
    if trailPercent != nil || trailPrice != nil { return .trailingStop }
    switch (limit, stop) {
    case (_?, _?): return .stopLimit
    case (_?, nil): return .limit
    case (nil, _?): return .stop
    case (nil, nil): return .market
    }
  }
}

extension TradeCommand {
  func validate() throws {
    switch (shares, orderOptions.notional) {
    case (nil, nil): throw ValidationError("Give a number of shares, or --notional dollars.")
    case (_?, _?): throw ValidationError("Give a number of shares or --notional, not both.")
    default: break
    }
  }

  func output(using client: RavenAPIClient) async throws -> String {
    if orderOptions.isOrder { return try await placeOrder(using: client) }
    // A fresh key per invocation: if the connection drops and the request is retried,
    // the server trades once.
    let receipt = try await client.send(
      .POST, "api/v1/trades", query: try await accountOption.query(using: client),
      body: TradeRequest(symbol: symbol, side: Self.side.rawValue, shares: shares ?? ""),
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

  private func placeOrder(using client: RavenAPIClient) async throws -> String {
    let options = orderOptions
    let order = try await client.send(
      .POST, "api/v1/orders", query: try await accountOption.query(using: client),
      body: OrderRequestBody(
        symbol: symbol, side: Self.side.rawValue, type: options.type.rawValue, qty: shares,
        notional: options.notional, limitPrice: options.limit, stopPrice: options.stop,
        trailPrice: options.trailPrice, trailPercent: options.trailPercent,
        timeInForce: options.timeInForce,
        // Your ID, or one made here: a retried request is then refused, never doubled.
        clientOrderId: options.clientOrderID ?? UUID().uuidString.lowercased(),
        orderClass: options.orderClass.rawValue,
        takeProfit: options.takeProfit.map { TakeProfitBody(limitPrice: $0) },
        stopLoss: options.stopLoss.map {
          StopLossBody(stopPrice: $0, limitPrice: options.stopLossLimit)
        }),
      as: Order.self)
    if serverOptions.json { return try JSONOutput.render(order) }
    return OrderText.summary(order)
  }
}

struct BuyCommand: TradeCommand {
  static let configuration = CommandConfiguration(
    commandName: "buy",
    abstract: "Buy shares at the market price, or place a buy order.",
    discussion: """
      raven buy AAPL 3                         a simple trade at the market price
      raven buy AAPL 3 --limit 350 --tif gtc   a limit order, good until canceled
      raven buy AAPL 1 --stop 400              a stop order
      raven buy AAPL --notional 250            $250 worth (fractional shares, day only)
      raven buy AAPL 3 --take-profit 400 --stop-loss 300
                                               a bracket: its exits armed once it fills
      """)
  static let side = TradeSide.buy
  @Argument(help: "A ticker symbol, e.g. AAPL.") var symbol: String
  @Argument(help: "How many shares, e.g. 3 or 0.5.") var shares: String?
  @OptionGroup var orderOptions: OrderOptions
  @OptionGroup var accountOption: AccountOption
  @OptionGroup var serverOptions: ServerOptions
}

struct SellCommand: TradeCommand {
  static let configuration = CommandConfiguration(
    commandName: "sell",
    abstract: "Sell shares at the market price, or place a sell order.",
    discussion: """
      raven sell AAPL 3                              a simple trade at the market price
      raven sell AAPL 3 --limit 400 --tif gtc        a limit order, good until canceled
      raven sell AAPL 3 --trail-percent 5 --tif gtc  a trailing stop 5 % under the best price
      """)
  static let side = TradeSide.sell
  @Argument(help: "A ticker symbol, e.g. AAPL.") var symbol: String
  @Argument(help: "How many shares, e.g. 3 or 0.5.") var shares: String?
  @OptionGroup var orderOptions: OrderOptions
  @OptionGroup var accountOption: AccountOption
  @OptionGroup var serverOptions: ServerOptions
}
