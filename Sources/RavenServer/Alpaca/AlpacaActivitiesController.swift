import AlpacaWire
import Foundation
import Hummingbird
import RavenBrokerage
import RavenCore
import RavenMarketData
import RavenStore

/// `/v2/account/activities` and `/v2/account/activities/{type}`: the account's fills
/// (`FILL`), dividends paid (`DIV`), splits (`SPLIT`), deposits (`CSD`) and withdrawals
/// (`CSW`), as alpaca-trade-api reads them.
struct AlpacaActivitiesController {
  let accounts: AccountDirectory
  /// Where a dividend's rate per share is read; nil where no source in use serves actions.
  let source: (any CorporateActionSource)?

  /// Every type Alpaca names; Raven's accounts have fills, dividends and splits.
  static let types: Set<String> = [
    "FILL", "TRANS", "MISC", "ACATC", "ACATS", "CFEE", "CSD", "CSW", "DIV", "DIVCGL", "DIVCGS",
    "DIVFEE", "DIVFT", "DIVNRA", "DIVROC", "DIVTW", "DIVTXEX", "FEE", "INT", "INTNRA", "INTTW",
    "JNL", "JNLC", "JNLS", "MA", "NC", "OPASN", "OPEXP", "OPXRC", "PTC", "PTR", "REORG", "SC",
    "SPLIT", "SSO", "SSP",
  ]
  /// The most orders whose fills one request reads.
  static let maximumOrders = 10_000

  func addRoutes(to group: RouterGroup<RavenRequestContext>) {
    group.get("/account/activities", use: activities)
    group.get("/account/activities/:type", use: activities)
  }

  @Sendable func activities(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<[AlpacaActivity]>
  {
    let query = request.uri.queryParameters
    let named =
      context.parameters.get("type").map { [$0] }
      ?? query["activity_types"].map { $0.split(separator: ",").map(String.init) }
    let types = try named.map { names in
      try Set(
        names.map { name in
          let type = name.trimmingCharacters(in: .whitespaces).uppercased()
          guard Self.types.contains(type) else {
            throw AlpacaError.unprocessable("invalid activity type: \(name)")
          }
          return type
        })
    }
    let filter = try AlpacaActivityFilter(query)
    let (_, ledger) = try await accounts.alpacaLedger(context, forReading: true)
    let accountID = ledger.accountID.publicID.uuidString.lowercased()
    var all: [AlpacaActivity] = []
    if types?.contains("FILL") ?? true {
      all += try await ledger.filledOrders(limit: Self.maximumOrders).flatMap {
        Self.fills(of: $0, accountID: accountID)
      }
    }
    for booking in try await ledger.corporateActionBookings() {
      let type = booking.kind == .split ? "SPLIT" : "DIV"
      guard types?.contains(type) ?? true else { continue }
      if let activity = try await activity(booking, accountID: accountID) { all.append(activity) }
    }
    for transfer in try await ledger.transfers() {
      let activity = Self.activity(
        transfer, accountID: accountID,
        date: accounts.calendar.timeZone.marketDate(of: transfer.time))
      guard types?.contains(activity.activityType) ?? true else { continue }
      all.append(activity)
    }
    return AlpacaBody(filter.page(all))
  }

  /// One `FILL` per fill of `order`, with the order's quantities as they stood after it.
  static func fills(of order: Order, accountID: String) -> [AlpacaActivity] {
    var cumulative = Quantity.zero
    return order.fills.enumerated().map { index, fill in
      cumulative += fill.qty
      let leaves = max((order.qty ?? cumulative) - cumulative, .zero)
      let last = index == order.fills.count - 1
      var activity = AlpacaActivity(
        id: AlpacaActivityFilter.id(
          at: fill.time, AlpacaFormat.uuid("fill:\(order.id.uuidString):\(index)")),
        accountId: accountID, activityType: "FILL")
      activity.transactionTime = AlpacaTime(fill.time, .milliseconds).rawValue
      activity.type = leaves.isZero ? "fill" : "partial_fill"
      activity.price = fill.price.description
      activity.qty = fill.qty.description
      activity.side = order.side.rawValue
      activity.symbol = order.symbol.rawValue
      activity.leavesQty = leaves.description
      activity.orderId = order.id.uuidString.lowercased()
      activity.cumQty = cumulative.description
      activity.orderStatus =
        last && !order.status.isOpen
        ? order.status.rawValue
        : leaves.isZero ? "filled" : "partially_filled"
      return activity
    }
  }

  /// A deposit as `CSD`, a withdrawal as `CSW`, with its signed amount.
  static func activity(_ transfer: Transfer, accountID: String, date: MarketDate)
    -> AlpacaActivity
  {
    let deposit = !transfer.amount.isNegative
    var activity = AlpacaActivity(
      id: AlpacaActivityFilter.id(at: transfer.time, AlpacaFormat.uuid("transfer:\(transfer.id)")),
      accountId: accountID, activityType: deposit ? "CSD" : "CSW")
    activity.date = date.description
    activity.netAmount = transfer.amount.description
    activity.description = deposit ? "Cash deposit" : "Cash withdrawal"
    activity.status = "executed"
    return activity
  }

  /// A split as `SPLIT` on its ex-date; a dividend as `DIV` once paid (Alpaca lists it then).
  func activity(_ booking: CorporateActionBooking, accountID: String) async throws
    -> AlpacaActivity?
  {
    let uuid = AlpacaFormat.uuid("activity:\(booking.actionID)")
    switch booking.kind {
    case .split:
      var activity = AlpacaActivity(
        id: AlpacaActivityFilter.id(at: booking.bookedAt, uuid), accountId: accountID,
        activityType: "SPLIT")
      activity.date = booking.exDate.description
      activity.netAmount = "0"
      activity.symbol = booking.symbol.rawValue
      activity.qty = booking.sharesAfter.description
      activity.description =
        "Split: \(booking.sharesBefore) shares became \(booking.sharesAfter)"
      activity.status = "executed"
      return activity
    case .dividend:
      guard let paidAt = booking.paidAt else { return nil }
      var activity = AlpacaActivity(
        id: AlpacaActivityFilter.id(at: paidAt, uuid), accountId: accountID, activityType: "DIV")
      activity.date = booking.payableDate.description
      activity.netAmount = booking.amount.description
      activity.symbol = booking.symbol.rawValue
      activity.qty = booking.sharesBefore.description
      activity.perShareAmount = try await rate(of: booking)?.description
      activity.description = "Cash dividend on \(booking.sharesBefore) shares"
      activity.status = "executed"
      return activity
    }
  }

  /// The dividend's rate per share, from the action it booked.
  func rate(of booking: CorporateActionBooking) async throws -> Price? {
    guard let source else { return nil }
    let actions = (try? await source.corporateActions(of: booking.symbol)) ?? []
    return actions.first { $0.id == booking.actionID }?.dividendRate
  }
}

/// `date`, `after`, `until`, `direction` (`desc` by default), `page_size` (1 to 100, 100
/// by default) and `page_token` (an activity's id: the page starts past it).
struct AlpacaActivityFilter {
  var date: MarketDate?
  var after: Date?
  var until: Date?
  var ascending = false
  var pageSize = 100
  var pageToken: String?

  init(_ query: Parameters) throws {
    if let text = query["date"] {
      guard let date = MarketDate(String(text.prefix(10))) else {
        throw AlpacaError.unprocessable("invalid date: use a date like 2025-03-14")
      }
      self.date = date
    }
    after = try query["after"].map { try AlpacaFormat.parseTime(String($0), "after") }
    until = try query["until"].map { try AlpacaFormat.parseEnd(String($0), "until") }
    switch query["direction"].map({ String($0).lowercased() }) {
    case nil, "desc": ascending = false
    case "asc": ascending = true
    default: throw AlpacaError.unprocessable("direction must be asc or desc")
    }
    if let text = query["page_size"] {
      guard let size = Int(String(text)), (1...100).contains(size) else {
        throw AlpacaError.unprocessable("page_size must be 1 to 100")
      }
      pageSize = size
    }
    pageToken = query["page_token"].map(String.init)
  }

  /// `activities` filtered, in the direction asked, from past the page token, one page.
  func page(_ activities: [AlpacaActivity]) -> [AlpacaActivity] {
    let zone = ExchangeTimeZone()
    let kept = activities.filter { activity in
      guard let time = Self.time(of: activity.id) else { return false }
      if let date, zone.marketDate(of: time) != date { return false }
      if let after, time <= after { return false }
      if let until, time > until { return false }
      if let pageToken {
        return ascending ? activity.id > pageToken : activity.id < pageToken
      }
      return true
    }
    let sorted = kept.sorted { ascending ? $0.id < $1.id : $0.id > $1.id }
    return Array(sorted.prefix(pageSize))
  }

  /// `YYYYMMDDhhmmssmmm::<uuid>` in UTC: ids sort by time.
  static func id(at time: Date, _ uuid: UUID) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents(
      [.year, .month, .day, .hour, .minute, .second, .nanosecond], from: time)
    let millis = (parts.nanosecond ?? 0) / 1_000_000
    let stamp = String(
      format: "%04d%02d%02d%02d%02d%02d%03d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
      parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0, millis)
    return "\(stamp)::\(uuid.uuidString.lowercased())"
  }

  /// The time an id starts with.
  static func time(of id: String) -> Date? {
    let stamp = id.prefix(17)
    guard stamp.count == 17, stamp.allSatisfy(\.isNumber) else { return nil }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    func number(_ from: Int, _ length: Int) -> Int {
      Int(stamp.dropFirst(from).prefix(length)) ?? 0
    }
    let components = DateComponents(
      year: number(0, 4), month: number(4, 2), day: number(6, 2), hour: number(8, 2),
      minute: number(10, 2), second: number(12, 2), nanosecond: number(14, 3) * 1_000_000)
    return calendar.date(from: components)
  }
}
