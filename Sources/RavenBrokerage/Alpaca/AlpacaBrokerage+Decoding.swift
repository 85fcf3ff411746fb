import Foundation
import RavenCore
import RavenHTTP

/// Turns the trading API's documented JSON (`AlpacaBrokerage+Answers.swift`) into Raven's
/// types. Alpaca writes amounts as strings (`"cash": "100000.5"`), read exactly as written,
/// and history as numbers, read through `Decimal`: never through `Double`.
enum AlpacaTradingDecoding {
  static let malformed = BrokerageError.unavailable("Alpaca sent an answer Raven cannot read")

  static func account(_ answer: AccountAnswer) -> BrokerageAccount {
    let equity = money(answer.equity.exact)
    return BrokerageAccount(
      accountNumber: answer.accountNumber ?? "", status: answer.status ?? "",
      currency: answer.currency ?? "USD", cash: money(answer.cash.exact), equity: equity,
      lastEquity: answer.lastEquity.map(money) ?? equity,
      buyingPower: answer.buyingPower.map(money) ?? .zero)
  }

  static func position(_ answer: PositionAnswer) throws(BrokerageError) -> BrokeragePosition {
    guard let symbol = Symbol(answer.symbol) else { throw malformed }
    let price = Price(exact: answer.currentPrice.exact)
    return BrokeragePosition(
      symbol: symbol, shares: Quantity(exact: answer.qty.exact),
      averageCost: Price(exact: answer.avgEntryPrice.exact),
      costBasis: money(answer.costBasis.exact), price: price,
      previousClose: answer.lastdayPrice.map(Price.init(exact:)) ?? price,
      marketValue: money(answer.marketValue.exact),
      unrealizedProfit: money(answer.unrealizedPL.exact),
      dayChange: answer.unrealizedIntradayPL.map(money) ?? .zero)
  }

  /// The points with an equity (a `null` equity, no data for that time, is left out).
  static func portfolioHistory(_ answer: HistoryAnswer) throws(BrokerageError)
    -> BrokeragePortfolioHistory
  {
    guard answer.timestamp.count == answer.equity.count else { throw malformed }
    var points: [BrokeragePortfolioHistory.Point] = []
    points.reserveCapacity(answer.timestamp.count)
    for (seconds, equity) in zip(answer.timestamp, answer.equity) {
      guard let equity else { continue }
      guard let value = ExactDecimal(exactly: equity) else { throw malformed }
      points.append(
        .init(time: Date(timeIntervalSince1970: TimeInterval(seconds)), equity: money(value)))
    }
    let base = answer.baseValue.flatMap(ExactDecimal.init(exactly:)).map(money)
    return BrokeragePortfolioHistory(points: points, baseValue: base)
  }

  static func order(_ answer: OrderAnswer) throws(BrokerageError) -> BrokerageOrder {
    guard let symbol = Symbol(answer.symbol), let side = TradeSide(rawValue: answer.side),
      let submitted = (answer.submittedAt ?? answer.createdAt).flatMap(date)
    else { throw malformed }
    let filled = answer.filledQty ?? .zero
    return BrokerageOrder(
      id: answer.id, clientOrderID: answer.clientOrderID, symbol: symbol, side: side,
      // A notional order has no `qty`; its filled shares are what it bought.
      shares: Quantity(exact: answer.qty ?? filled), filledShares: Quantity(exact: filled),
      filledAveragePrice: answer.filledAvgPrice.map(Price.init(exact:)),
      status: answer.status, submittedAt: submitted, filledAt: answer.filledAt.flatMap(date))
  }

  // MARK: Values

  /// An amount of money as Alpaca books it: whole cents.
  static func money(_ amount: ExactDecimal) -> Money {
    Money(exact: amount).roundedToCents()
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
