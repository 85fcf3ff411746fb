import ArgumentParser
import Foundation
import RavenAPI
import RavenCore

/// `raven orders`: the account's orders, newest first.
struct OrdersCommand: ServerCommand {
  static let configuration = CommandConfiguration(
    commandName: "orders", abstract: "List your orders, newest first.")
  @Option(help: "open, closed or all.") var status: String = "all"
  @Option(help: "Only this symbol's orders.") var symbol: String?
  @Option(help: "At most this many (1 to 500).") var limit: Int = 50
  @OptionGroup var accountOption: AccountOption
  @OptionGroup var serverOptions: ServerOptions

  func output(using client: RavenAPIClient) async throws -> String {
    var query = try await accountOption.query(using: client)
    query["status"] = status
    query["limit"] = String(limit)
    query["symbol"] = symbol
    let page = try await client.send(
      .GET, "api/v1/orders", query: query, as: OrdersPageBody.self)
    if serverOptions.json { return try JSONOutput.render(page) }
    guard !page.orders.isEmpty else { return "No orders." }
    var table = TextTable([
      ("ID", .left), ("SYMBOL", .left), ("SIDE", .left), ("TYPE", .left), ("QTY", .right),
      ("FILLED", .right), ("AVG PRICE", .right), ("PRICES", .left), ("TIF", .left),
      ("STATUS", .left),
    ])
    for order in page.orders {
      table.append([
        order.id.uuidString.lowercased(), order.symbol.rawValue, order.side.rawValue,
        order.type.rawValue, OrderText.amount(order), DisplayFormat.shares(order.filledQty),
        order.filledAvgPrice.map { DisplayFormat.currency($0) } ?? "",
        OrderText.prices(order), order.timeInForce.rawValue, order.status.rawValue,
      ])
    }
    return table.render()
  }
}

/// `raven cancel ID`: cancels an open order.
struct CancelCommand: ServerCommand {
  static let configuration = CommandConfiguration(
    commandName: "cancel", abstract: "Cancel an open order.")
  @Argument(help: "The order's ID, as `raven orders` lists it.") var id: String
  @OptionGroup var accountOption: AccountOption
  @OptionGroup var serverOptions: ServerOptions

  func output(using client: RavenAPIClient) async throws -> String {
    guard let id = UUID(uuidString: id) else {
      throw ValidationError("An order ID looks like 6f1e4c52-0b7a-4e0d-9b7b-2f4b1d9a6c11.")
    }
    let path = "api/v1/orders/\(id.uuidString.lowercased())"
    let query = try await accountOption.query(using: client)
    let _: RavenAPIClient.Empty = try await client.send(.DELETE, path, query: query)
    let order = try await client.send(.GET, path, query: query, as: Order.self)
    if serverOptions.json { return try JSONOutput.render(order) }
    return OrderText.summary(order)
  }
}

/// How an order reads in a sentence and in a table.
enum OrderText {
  /// "Limit order to buy 3 AAPL at $350.00 (gtc): new. ID …", with its fills.
  static func summary(_ order: Order) -> String {
    let kind = order.type.rawValue.replacingOccurrences(of: "_", with: " ").capitalized
    let prices = prices(order)
    var text =
      "\(kind) order to \(order.side.rawValue) \(asked(order)) \(order.symbol)"
      + (prices.isEmpty ? "" : " (\(prices))") + ", \(order.timeInForce.rawValue): "
      + order.status.rawValue.replacingOccurrences(of: "_", with: " ") + "."
    if order.filledQty.isPositive, let price = order.filledAvgPrice {
      text +=
        " Filled \(DisplayFormat.shares(order.filledQty)) at \(DisplayFormat.currency(price))."
    }
    if let reason = order.reason { text += " \(reason)." }
    // A bracket's or OTO's exits are orders of their own, listed by `raven orders`.
    if let legs = order.legs, !legs.isEmpty {
      text += " With \(legs.count == 1 ? "an exit" : "\(legs.count) exits") (`raven orders`)."
    }
    return text + "\nID \(order.id.uuidString.lowercased())"
  }

  /// What was asked: "3" shares, or "$250.00 of" a notional order.
  static func asked(_ order: Order) -> String {
    if let notional = order.notional { return "\(DisplayFormat.currency(notional)) of" }
    return amount(order)
  }

  /// Shares, or the dollar amount of a notional order before it fills.
  static func amount(_ order: Order) -> String {
    if let qty = order.qty { return DisplayFormat.shares(qty) }
    return order.notional.map { DisplayFormat.currency($0) } ?? ""
  }

  /// "limit $350.00", "stop $400.00", "trail 5%".
  static func prices(_ order: Order) -> String {
    var parts: [String] = []
    if let limit = order.limitPrice { parts.append("limit \(DisplayFormat.currency(limit))") }
    if let stop = order.stopPrice { parts.append("stop \(DisplayFormat.currency(stop))") }
    if let trail = order.trailPrice { parts.append("trail \(DisplayFormat.currency(trail))") }
    if let percent = order.trailPercent { parts.append("trail \(percent.trimmed)%") }
    return parts.joined(separator: ", ")
  }
}
