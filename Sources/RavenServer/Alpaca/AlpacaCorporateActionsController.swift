import AlpacaWire
import Foundation
import Hummingbird
import RavenCore
import RavenMarketData

/// Corporate actions in Alpaca's two shapes: the trading API's announcements
/// (`/v2/corporate_actions/announcements`) and the market data API's list
/// (`/v1/corporate-actions`). Only what was declared by the market's today is known.
struct AlpacaCorporateActionsController {
  /// Nil where no source in use serves them: the lists are then empty.
  let source: (any CorporateActionSource)?
  let calendar: NYSECalendar
  let marketClock: any WallClock

  /// The longest span one announcements request may cover, as Alpaca's.
  static let maximumAnnouncementDays = 90

  func addRoutes(trading: RouterGroup<RavenRequestContext>, data: RouterGroup<RavenRequestContext>)
  {
    trading.get("/corporate_actions/announcements", use: announcements)
    trading.get("/corporate_actions/announcements/:id", use: announcement)
    data.get("/corporate-actions", use: corporateActions)
  }

  var today: MarketDate { calendar.timeZone.marketDate(of: marketClock.now) }

  /// The actions of `symbols` (every symbol the source knows when nil) declared by today.
  func known(_ symbols: [Symbol]?) async throws -> [CorporateAction] {
    guard let source else { return [] }
    let today = today
    var found: [CorporateAction] = []
    for symbol in symbols ?? source.corporateActionSymbols {
      switch await Result.answer({ () async throws(MarketDataError) in
        try await source.corporateActions(of: symbol)
      }) {
      case .success(let actions): found += actions.filter { $0.isKnown(on: today) }
      // A symbol the source does not list has none; a source that stopped serving them
      // (a plan without them) lists none.
      case .failure(.unknownSymbol), .failure(.noData), .failure(.unsupported): continue
      case .failure(let error): throw error
      }
    }
    return found
  }

  // MARK: - Announcements

  /// `ca_types` (required: `dividend`, `split`, `merger`, `spinoff`), `since` and `until`
  /// (required dates, at most 90 days apart), `symbol`, `cusip`, `date_type` (which date
  /// falls in the range; any of the four when absent).
  @Sendable func announcements(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<[AlpacaAnnouncement]>
  {
    let query = request.uri.queryParameters
    guard let typesText = query["ca_types"].map(String.init), !typesText.isEmpty else {
      throw AlpacaError.unprocessable("ca_types is required")
    }
    let types = typesText.split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces).lowercased()
    }
    let known = ["dividend", "split", "merger", "spinoff"]
    if let unknown = types.first(where: { !known.contains($0) }) {
      throw AlpacaError.unprocessable(
        "invalid ca_types: \(unknown) (use dividend, split, merger or spinoff)")
    }
    let since = try Self.date(query["since"], "since")
    let until = try Self.date(query["until"], "until")
    guard since <= until else { throw AlpacaError.unprocessable("since must be before until") }
    guard until - since <= Self.maximumAnnouncementDays else {
      throw AlpacaError.unprocessable(
        "the range from since to until must be \(Self.maximumAnnouncementDays) days or less")
    }
    let dateType = query["date_type"].map { String($0).lowercased() }
    let dates: [(CorporateAction) -> MarketDate?]
    switch dateType {
    case nil: dates = [\.declarationDate, \.exDate, \.recordDate, \.payableDate]
    case "declaration_date": dates = [\.declarationDate]
    case "ex_date": dates = [\.exDate]
    case "record_date": dates = [\.recordDate]
    case "payable_date": dates = [\.payableDate]
    default:
      throw AlpacaError.unprocessable(
        "invalid date_type: use declaration_date, ex_date, record_date or payable_date")
    }
    let symbol = try query["symbol"].map { text in
      guard let symbol = Symbol(String(text)) else {
        throw AlpacaError.unprocessable("invalid symbol: \(text)")
      }
      return symbol
    }
    // Raven's securities have no CUSIP: a request for one finds nothing.
    if let cusip = query["cusip"], !cusip.isEmpty { return AlpacaBody([]) }
    let actions = try await self.known(symbol.map { [$0] }).filter { action in
      types.contains(action.splitRatio == nil ? "dividend" : "split")
        && dates.contains { $0(action).map((since...until).contains) ?? false }
    }
    return AlpacaBody(
      actions.sorted { ($0.exDate, $0.id) < ($1.exDate, $1.id) }.map(Self.announcement))
  }

  /// One announcement by its id, as the list gives it; 404 for any other.
  @Sendable func announcement(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<AlpacaAnnouncement>
  {
    guard let text = context.parameters.get("id"), let id = UUID(uuidString: text) else {
      throw AlpacaError.notFound
    }
    // The id names the action (`Self.uuid`); its symbol is the id's before the kind.
    for action in try await known(nil) where Self.uuid(action) == id {
      return AlpacaBody(Self.announcement(action))
    }
    throw AlpacaError.notFound
  }

  static func uuid(_ action: CorporateAction) -> UUID {
    AlpacaFormat.uuid("corporate-action:\(action.id)")
  }

  static func announcement(_ action: CorporateAction) -> AlpacaAnnouncement {
    let (type, subType, cash, old, new): (String, String, String, String, String)
    switch action.kind {
    case .cashDividend(let rate, _):
      (type, subType, cash, old, new) = ("dividend", "cash", rate.description, "1", "1")
    case .split(let ratio):
      (type, subType, cash, old, new) = (
        "split", ratio.isReverse ? "reverse_split" : "stock_split", "0", String(ratio.old),
        String(ratio.new)
      )
    }
    return AlpacaAnnouncement(
      id: uuid(action).uuidString.lowercased(), corporateActionId: action.id, caType: type,
      caSubType: subType, initiatingSymbol: action.symbol.rawValue, initiatingOriginalCusip: "",
      targetSymbol: action.symbol.rawValue, targetOriginalCusip: "",
      declarationDate: action.declarationDate?.description, exDate: action.exDate.description,
      recordDate: action.recordDate.description, payableDate: action.payableDate.description,
      cash: cash, oldRate: old, newRate: new)
  }

  static func date(_ text: Substring?, _ name: String) throws -> MarketDate {
    guard let text else { throw AlpacaError.unprocessable("\(name) is required") }
    guard let date = MarketDate(String(text)) else {
      throw AlpacaError.unprocessable("invalid \(name): use a date like 2025-03-14")
    }
    return date
  }
}
