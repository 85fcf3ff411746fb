import AlpacaWire
import Foundation
import Hummingbird
import RavenCore
import RavenMarketData

extension AlpacaCorporateActionsController {
  /// The action types Alpaca lists; Raven's market has splits and cash dividends.
  static let dataTypes = [
    "reverse_split", "forward_split", "unit_split", "cash_dividend", "stock_dividend", "spin_off",
    "cash_merger", "stock_merger", "stock_and_cash_merger", "redemption", "name_change",
    "worthless_removal", "rights_distribution",
  ]

  /// `/v1/corporate-actions`: `symbols` (every symbol when absent), `types`, `start` and
  /// `end` (ex-dates; today when absent), `limit` (1 to 1000, 100 by default), `sort` (by
  /// ex-date, `asc` by default), `page_token`. `cusips` and `ids` are accepted.
  @Sendable func corporateActions(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<AlpacaCorporateActionsPage>
  {
    let query = request.uri.queryParameters
    let symbols = try query["symbols"].map { text in
      try text.split(separator: ",").map { word in
        guard let symbol = Symbol(String(word).trimmingCharacters(in: .whitespaces)) else {
          throw AlpacaError.badRequest("invalid symbol: \(word)")
        }
        return symbol
      }
    }
    let types = try query["types"].map { text in
      let types = text.split(separator: ",").map { String($0).lowercased() }
      if let unknown = types.first(where: { !Self.dataTypes.contains($0) }) {
        throw AlpacaError.badRequest("invalid types: \(unknown)")
      }
      return Set(types)
    }
    let start = try query["start"].map { try Self.dataDate($0, "start") } ?? today
    let end = try query["end"].map { try Self.dataDate($0, "end") } ?? today
    guard start <= end else { throw AlpacaError.badRequest("start must be before end") }
    var limit = 100
    if let text = query["limit"] {
      guard let value = Int(String(text)), (1...1_000).contains(value) else {
        throw AlpacaError.badRequest("limit must be 1 to 1000")
      }
      limit = value
    }
    let descending: Bool
    switch query["sort"].map({ String($0).lowercased() }) {
    case nil, "asc": descending = false
    case "desc": descending = true
    default: throw AlpacaError.badRequest("sort must be asc or desc")
    }
    let offset =
      try query["page_token"].map { text in
        guard let data = Data(base64Encoded: String(text)),
          let offset = Int(String(decoding: data, as: UTF8.self)), offset >= 0
        else { throw AlpacaError.badRequest("invalid page_token") }
        return offset
      } ?? 0
    if let text = query["cusips"], !text.isEmpty {
      return AlpacaBody(Self.page([], limit: limit, offset: 0))
    }
    let actions = try await known(symbols).filter { action in
      (start...end).contains(action.exDate) && (types?.contains(Self.dataType(action)) ?? true)
    }.sorted {
      descending ? ($0.exDate, $0.id) > ($1.exDate, $1.id) : ($0.exDate, $0.id) < ($1.exDate, $1.id)
    }
    return AlpacaBody(Self.page(actions, limit: limit, offset: offset))
  }

  static func page(_ actions: [CorporateAction], limit: Int, offset: Int)
    -> AlpacaCorporateActionsPage
  {
    let page = actions.dropFirst(offset).prefix(limit)
    var groups = AlpacaCorporateActionGroups(
      forwardSplits: [], reverseSplits: [], cashDividends: [])
    for action in page {
      let id = uuid(action).uuidString.lowercased()
      let ex = action.exDate.description
      switch action.kind {
      case .cashDividend(let rate, let special):
        groups.cashDividends.append(
          AlpacaCashDividend(
            id: id, symbol: action.symbol.rawValue, rate: rate.exact.value, special: special,
            processDate: ex, exDate: ex, recordDate: action.recordDate.description,
            payableDate: action.payableDate.description))
      case .split(let ratio):
        let split = AlpacaSplit(
          id: id, symbol: action.symbol.rawValue, reverse: ratio.isReverse,
          newRate: Decimal(ratio.new), oldRate: Decimal(ratio.old), processDate: ex, exDate: ex,
          recordDate: action.recordDate.description, payableDate: action.payableDate.description)
        if ratio.isReverse {
          groups.reverseSplits.append(split)
        } else {
          groups.forwardSplits.append(split)
        }
      }
    }
    let next = offset + page.count < actions.count
    return AlpacaCorporateActionsPage(
      corporateActions: groups,
      nextPageToken: next ? Data(String(offset + page.count).utf8).base64EncodedString() : nil)
  }

  static func dataType(_ action: CorporateAction) -> String {
    switch action.kind {
    case .cashDividend: "cash_dividend"
    case .split(let ratio): ratio.isReverse ? "reverse_split" : "forward_split"
    }
  }

  static func dataDate(_ text: Substring, _ name: String) throws -> MarketDate {
    guard let date = MarketDate(String(text.prefix(10))) else {
      throw AlpacaError.badRequest("invalid \(name): use a date like 2025-03-14")
    }
    return date
  }
}
