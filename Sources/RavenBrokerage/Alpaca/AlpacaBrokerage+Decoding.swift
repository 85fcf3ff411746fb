import Foundation
import RavenCore
import RavenHTTP

/// Turns the trading API's documented JSON into Raven's types. Alpaca writes amounts as
/// strings (`"cash": "100000.5"`) and history as numbers; both are read from their text,
/// never through `Double`.
enum AlpacaTradingDecoding {
  static let malformed = BrokerageError.unavailable("Alpaca sent an answer Raven cannot read")

  /// `/v2/account`.
  static func account(_ json: JSONValue) throws(BrokerageError) -> BrokerageAccount {
    guard json.object != nil else { throw malformed }
    let equity = try money(json, "equity")
    return BrokerageAccount(
      accountNumber: json["account_number"]?.string ?? "",
      status: json["status"]?.string ?? "", currency: json["currency"]?.string ?? "USD",
      cash: try money(json, "cash"), equity: equity,
      lastEquity: (try? money(json, "last_equity")) ?? equity,
      buyingPower: (try? money(json, "buying_power")) ?? .zero)
  }

  /// One element of `/v2/positions`.
  static func position(_ json: JSONValue) throws(BrokerageError) -> BrokeragePosition {
    guard let text = json["symbol"]?.string, let symbol = Symbol(text) else { throw malformed }
    let price = try price(json, "current_price")
    return BrokeragePosition(
      symbol: symbol, shares: Quantity(exact: try decimal(json, "qty")),
      averageCost: try self.price(json, "avg_entry_price"),
      costBasis: try money(json, "cost_basis"), price: price,
      previousClose: (try? self.price(json, "lastday_price")) ?? price,
      marketValue: try money(json, "market_value"),
      unrealizedProfit: try money(json, "unrealized_pl"),
      dayChange: (try? money(json, "unrealized_intraday_pl")) ?? .zero)
  }

  /// `/v2/account/portfolio/history`: parallel `timestamp` (seconds) and `equity` arrays;
  /// an equity of `null` (no data for that time) is left out.
  static func portfolioHistory(_ json: JSONValue) throws(BrokerageError)
    -> BrokeragePortfolioHistory
  {
    guard let times = json["timestamp"]?.array, let equities = json["equity"]?.array,
      times.count == equities.count
    else { throw malformed }
    var points: [BrokeragePortfolioHistory.Point] = []
    points.reserveCapacity(times.count)
    for (time, equity) in zip(times, equities) {
      guard let seconds = time.integer else { throw malformed }
      if equity.isNull { continue }
      guard let value = equity.decimal else { throw malformed }
      points.append(
        .init(
          time: Date(timeIntervalSince1970: TimeInterval(seconds)),
          equity: Money(exact: value).roundedToCents()))
    }
    let base = json["base_value"]?.decimal.map { Money(exact: $0).roundedToCents() }
    return BrokeragePortfolioHistory(points: points, baseValue: base)
  }

  /// One order of `/v2/orders`.
  static func order(_ json: JSONValue) throws(BrokerageError) -> BrokerageOrder {
    guard let id = json["id"]?.string, let text = json["symbol"]?.string,
      let symbol = Symbol(text), let side = json["side"]?.string.flatMap(TradeSide.init),
      let status = json["status"]?.string,
      let submitted = (json["submitted_at"]?.string ?? json["created_at"]?.string).flatMap(date)
    else { throw malformed }
    let filled = json["filled_qty"].flatMap(amountText).flatMap(ExactDecimal.init) ?? .zero
    return BrokerageOrder(
      id: id, clientOrderID: json["client_order_id"]?.string, symbol: symbol, side: side,
      // A notional order has no `qty`; its filled shares are what it bought.
      shares: Quantity(exact: json["qty"].flatMap(amountText).flatMap(ExactDecimal.init) ?? filled),
      filledShares: Quantity(exact: filled),
      filledAveragePrice: json["filled_avg_price"].flatMap(amountText).flatMap(Price.init),
      status: status, submittedAt: submitted,
      filledAt: json["filled_at"]?.string.flatMap(date))
  }

  // MARK: Values

  /// An amount's text, whether Alpaca wrote it as a string or as a number.
  static func amountText(_ json: JSONValue) -> String? {
    switch json {
    case .string(let text): text
    case .number: json.decimal?.description
    default: nil
    }
  }

  static func decimal(_ json: JSONValue, _ key: String) throws(BrokerageError) -> ExactDecimal {
    guard let text = json[key].flatMap(amountText), let value = ExactDecimal(text) else {
      throw malformed
    }
    return value
  }

  static func money(_ json: JSONValue, _ key: String) throws(BrokerageError) -> Money {
    Money(exact: try decimal(json, key)).roundedToCents()
  }

  static func price(_ json: JSONValue, _ key: String) throws(BrokerageError) -> Price {
    Price(exact: try decimal(json, key))
  }

  /// RFC 3339 with any number of fraction digits (Alpaca sends up to nine), `Z` or an offset.
  static func date(_ text: String) -> Date? {
    guard let dot = text.firstIndex(of: ".") else { return try? Date(text, strategy: .iso8601) }
    let fractionEnd =
      text[text.index(after: dot)...].firstIndex { !$0.isNumber } ?? text.endIndex
    let fraction = text[text.index(after: dot)..<fractionEnd]
    guard !fraction.isEmpty,
      let whole = try? Date(
        String(text[..<dot] + text[fractionEnd...]), strategy: .iso8601)
    else { return nil }
    let digits = fraction.prefix(6)
    let micros = (Double(String(digits)) ?? 0) * pow(10, Double(6 - digits.count))
    return whole.addingTimeInterval(micros / 1_000_000)
  }

  /// `2026-11-20T18:00:00.123456Z`: what Alpaca's `until` accepts, to the microsecond,
  /// so that a page's last order can be the next page's exclusive bound.
  static func timestamp(_ date: Date) -> String {
    var seconds = date.timeIntervalSince1970.rounded(.down)
    var micros = Int(((date.timeIntervalSince1970 - seconds) * 1_000_000).rounded())
    if micros >= 1_000_000 {
      seconds += 1
      micros -= 1_000_000
    }
    let whole = Date(timeIntervalSince1970: seconds).formatted(.iso8601)
    let fraction = String(micros)
    return whole.dropLast() + "." + String(repeating: "0", count: 6 - fraction.count) + fraction
      + "Z"
  }
}
