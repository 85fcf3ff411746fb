import Foundation
import Hummingbird
import RavenCore
import RavenSimulation

/// What can be traded and when: `/v2/assets` (Raven's universe of US stocks) and
/// `/v2/calendar` (the NYSE sessions Raven's calendar knows, 2000 to 2035).
struct AlpacaAssetsController {
  let calendar: NYSECalendar

  /// Every asset by its id, to find one by either of Alpaca's names for it.
  static let byID: [UUID: Company] = Dictionary(
    AlpacaTradingController.universe.companies.map { (AlpacaFormat.assetID($0.symbol), $0) },
    uniquingKeysWith: { first, _ in first })

  func addRoutes(to group: RouterGroup<RavenRequestContext>) {
    group.get("/assets", use: assets)
    group.get("/assets/{symbol}", use: asset)
    group.get("/calendar", use: calendar)
  }

  /// `status` (active; inactive lists none), `asset_class` (us_equity), `exchange`.
  @Sendable func assets(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<[AlpacaAsset]>
  {
    let query = request.uri.queryParameters
    if let status = query["status"], status.lowercased() != "active" { return JSONBody([]) }
    if let assetClass = query["asset_class"], assetClass.lowercased() != "us_equity" {
      return JSONBody([])
    }
    let exchange = query["exchange"].map { String($0).uppercased() }
    return JSONBody(
      AlpacaTradingController.universe.companies.map(AlpacaAsset.init)
        .filter { exchange == nil || $0.exchange == exchange })
  }

  /// By symbol (any case) or by the asset's id.
  @Sendable func asset(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<AlpacaAsset>
  {
    let text = context.parameters.get("symbol") ?? ""
    let company =
      UUID(uuidString: text).flatMap { Self.byID[$0] }
      ?? Symbol(text).flatMap { AlpacaTradingController.universe.company(for: $0) }
    guard let company else { throw AlpacaError(.notFound, "asset not found") }
    return JSONBody(AlpacaAsset(company))
  }

  /// `start` and `end` as `YYYY-MM-DD` (both optional): every session between them.
  @Sendable func calendar(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<[AlpacaCalendarDay]>
  {
    let query = request.uri.queryParameters
    let calendar = calendar
    func date(_ name: String, _ fallback: MarketDate) throws -> MarketDate {
      guard let text = query[Substring(name)] else { return fallback }
      // alpaca-py sends dates; a full time is read by its date.
      if let day = MarketDate(String(text.prefix(10))) { return day }
      throw AlpacaError.unprocessable("invalid \(name): \(text)")
    }
    let start = try date("start", calendar.coveredDates.lowerBound)
    let end = try date("end", calendar.coveredDates.upperBound)
    guard start <= end else { return JSONBody([]) }
    let zone = calendar.timeZone
    return JSONBody(
      calendar.sessions[calendar.sessionIndices(from: start, through: end)].map { session in
        AlpacaCalendarDay(
          date: session.date.description, open: Self.hourMinute(session.open, zone),
          close: Self.hourMinute(session.close, zone),
          settlementDate: (calendar.nextTradingDay(after: session.date) ?? session.date)
            .description)
      })
  }

  /// `"09:30"`: Alpaca's calendar times, exactly `HH:MM` (alpaca-py parses them so).
  static func hourMinute(_ instant: Date, _ zone: ExchangeTimeZone) -> String {
    let minutes = zone.secondsSinceMidnight(of: instant) / 60
    return String(format: "%02d:%02d", minutes / 60, minutes % 60)
  }
}

/// One asset: a US stock Raven lists, tradable and fractionable, never on margin or short.
struct AlpacaAsset: Encodable, Sendable {
  var id: String
  var assetClass = "us_equity"
  var exchange: String
  var symbol: String
  var name: String
  var status = "active"
  var tradable = true
  var marginable = false
  var shortable = false
  var easyToBorrow = false
  var fractionable = true
  var attributes: [String] = []

  enum CodingKeys: String, CodingKey {
    case id, exchange, symbol, name, status, tradable, marginable, shortable, fractionable
    case attributes
    case assetClass = "class"
    case easyToBorrow = "easy_to_borrow"
  }

  init(_ company: Company) {
    id = AlpacaFormat.assetID(company.symbol).uuidString.lowercased()
    exchange = AlpacaTradingController.exchange(of: company.symbol)
    symbol = company.symbol.rawValue
    name = company.name
  }
}

/// One session of `/v2/calendar`.
struct AlpacaCalendarDay: Encodable, Sendable {
  var date: String
  var open: String
  var close: String
  var sessionOpen = "0400"
  var sessionClose = "2000"
  var settlementDate: String

  enum CodingKeys: String, CodingKey {
    case date, open, close
    case sessionOpen = "session_open"
    case sessionClose = "session_close"
    case settlementDate = "settlement_date"
  }
}
