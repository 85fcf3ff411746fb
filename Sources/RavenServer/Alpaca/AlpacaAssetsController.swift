import AlpacaWire
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
    -> AlpacaBody<[AlpacaAsset]>
  {
    let query = request.uri.queryParameters
    if let status = query["status"], status.lowercased() != "active" { return AlpacaBody([]) }
    if let assetClass = query["asset_class"], assetClass.lowercased() != "us_equity" {
      return AlpacaBody([])
    }
    let exchange = query["exchange"].map { String($0).uppercased() }
    return AlpacaBody(
      AlpacaTradingController.universe.companies.map(AlpacaAsset.init)
        .filter { exchange == nil || $0.exchange == exchange })
  }

  /// By symbol (any case) or by the asset's id.
  @Sendable func asset(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<AlpacaAsset>
  {
    let text = context.parameters.get("symbol") ?? ""
    let company =
      UUID(uuidString: text).flatMap { Self.byID[$0] }
      ?? Symbol(text).flatMap { AlpacaTradingController.universe.company(for: $0) }
    guard let company else { throw AlpacaError(.notFound, "asset not found") }
    return AlpacaBody(AlpacaAsset(company))
  }

  /// `start` and `end` as `YYYY-MM-DD` (both optional): every session between them.
  @Sendable func calendar(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<[AlpacaCalendarDay]>
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
    guard start <= end else { return AlpacaBody([]) }
    let zone = calendar.timeZone
    return AlpacaBody(
      calendar.sessions[calendar.sessionIndices(from: start, through: end)].map { session in
        AlpacaCalendarDay(
          date: session.date.description, open: Self.hourMinute(session.open, zone),
          close: Self.hourMinute(session.close, zone), sessionOpen: "0400", sessionClose: "2000",
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

extension AlpacaAsset {
  /// A US stock or exchange-traded fund Raven lists (both `us_equity`, as at Alpaca):
  /// tradable, fractionable and marginable; shortable when its shares can be borrowed
  /// (funds and stocks from a $2 billion market capitalization).
  init(_ company: Company) {
    let borrowable = AlpacaTradingController.universe.terms(of: company.symbol).easyToBorrow
    self.init(
      id: AlpacaFormat.assetID(company.symbol).uuidString.lowercased(), assetClass: "us_equity",
      exchange: AlpacaTradingController.exchange(of: company.symbol),
      symbol: company.symbol.rawValue, name: company.name, status: "active", tradable: true,
      marginable: true, shortable: borrowable, easyToBorrow: borrowable, fractionable: true,
      attributes: [])
  }
}
