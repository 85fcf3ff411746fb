import ArgumentParser
import Foundation
import RavenAPI
import RavenCore

/// `raven actions AAPL`: a company's splits and dividends, past and announced.
struct ActionsCommand: MarketDataCommand {
  static let configuration = CommandConfiguration(
    commandName: "actions",
    abstract: "Show a company's dividends and splits, past and announced, newest first.")

  @Argument(help: "A ticker symbol, e.g. KO.")
  var symbol: String

  @Option(help: "At most this many actions (1 to 1000).")
  var limit: Int = 12

  @OptionGroup var options: MarketOptions

  func validate() throws {
    guard (1...1_000).contains(limit) else { throw ValidationError("--limit must be 1 to 1000.") }
  }

  func output(in environment: MarketEnvironment) async throws -> String {
    let symbol = try SymbolArgument.parse(symbol)
    let body = try await environment.market.corporateActions(for: symbol)
    if environment.json { return try JSONOutput.render(body) }
    guard let source = body.source else {
      return "No source of corporate actions is in use for \(symbol): none are shown or booked."
    }
    var details = DetailList()
    details.append("Dividend yield", body.dividendYield.map { "\($0)%" } ?? "none in the last year")
    if let next = body.nextDividend {
      details.append(
        "Next dividend",
        "\(DisplayFormat.currency(next.rate ?? .zero)) a share, ex \(next.exDate), paid \(next.payableDate)"
      )
    }
    if let split = body.lastSplit {
      details.append("Last split", "\(split.ratio ?? "") on \(split.exDate)")
    }
    guard !body.actions.isEmpty else {
      return details.render() + "\nNo dividends or splits.\nSource: \(source)"
    }
    var table = TextTable([
      ("EX-DATE", .left), ("TYPE", .left), ("AMOUNT", .right), ("DECLARED", .left),
      ("RECORD", .left), ("PAYABLE", .left), ("STATUS", .left),
    ])
    for action in body.actions.prefix(limit) {
      table.append([
        action.exDate.description, action.type.rawValue.replacingOccurrences(of: "_", with: " "),
        action.rate.map {
          DisplayFormat.currency($0, fractionDigits: max(2, $0.exact.fractionDigits))
        }
          ?? action.ratio ?? "",
        action.declarationDate?.description ?? "", action.recordDate.description,
        action.payableDate.description, action.status,
      ])
    }
    return details.render() + "\n" + table.render() + "\nSource: \(source)"
  }
}

/// `raven activities`: the account's fills, dividends and splits, newest first.
struct ActivitiesCommand: ServerCommand {
  static let configuration = CommandConfiguration(
    commandName: "activities",
    abstract: "List your account's fills, dividends, splits and transfers, newest first.")
  @Option(help: "At most this many (1 to 200).") var limit: Int = 50
  @OptionGroup var accountOption: AccountOption
  @OptionGroup var serverOptions: ServerOptions

  func validate() throws {
    guard (1...200).contains(limit) else { throw ValidationError("--limit must be 1 to 200.") }
  }

  func output(using client: RavenAPIClient) async throws -> String {
    var query = try await accountOption.query(using: client)
    query["limit"] = String(limit)
    let page = try await client.send(
      .GET, "api/v1/activities", query: query, as: ActivitiesPageBody.self)
    if serverOptions.json { return try JSONOutput.render(page) }
    guard !page.activities.isEmpty else { return "No activity yet." }
    var table = TextTable([
      ("TIME", .left), ("KIND", .left), ("SYMBOL", .left), ("DETAIL", .left),
      ("CASH", .right), ("STATUS", .left),
    ])
    for activity in page.activities {
      table.append([
        NewYorkTime.format(activity.time, calendar: NYSECalendar()), activity.kind.rawValue,
        activity.symbol?.rawValue ?? "",
        Self.detail(activity), DisplayFormat.signedCurrency(activity.amount), activity.status,
      ])
    }
    return table.render()
  }

  static func detail(_ activity: AccountActivity) -> String {
    let shares = activity.shares.map(DisplayFormat.shares) ?? "?"
    switch activity.kind {
    case .fill:
      let side = activity.side?.rawValue ?? ""
      let price = activity.price.map { " at \(DisplayFormat.currency($0))" } ?? ""
      return "\(side) \(shares)\(price)"
    case .dividend:
      let payable = activity.payableDate.map { ", payable \($0)" } ?? ""
      return "on \(shares) shares\(payable)"
    case .split:
      let before = activity.sharesBefore.map(DisplayFormat.shares) ?? "?"
      return "\(before) → \(shares) shares"
    case .deposit: return "cash in"
    case .withdrawal: return "cash out"
    }
  }
}
