import AlpacaWire
import Foundation
import RavenCore
import RavenHTTP

/// Turns the trading API's answers (AlpacaWire's shapes) into Raven's types. Alpaca writes
/// amounts as strings (`"cash": "100000.5"`), read exactly as written, and history as
/// numbers, read through `Decimal`: never through `Double`. A field the shape reads
/// leniently has a fallback here.
enum AlpacaTradingDecoding {
  static let malformed = BrokerageError.unavailable("Alpaca sent an answer Raven cannot read")

  static func account(_ answer: AlpacaAccount) throws(BrokerageError) -> BrokerageAccount {
    let equity = money(try exact(answer.equity))
    return BrokerageAccount(
      accountNumber: answer.accountNumber ?? "", status: answer.status ?? "",
      currency: answer.currency ?? "USD", cash: money(try exact(answer.cash)), equity: equity,
      lastEquity: answer.lastEquity?.exact.map(money) ?? equity,
      buyingPower: answer.buyingPower?.exact.map(money) ?? .zero)
  }

  static func position(_ answer: AlpacaPosition) throws(BrokerageError) -> BrokeragePosition {
    guard let symbol = Symbol(answer.symbol) else { throw malformed }
    let price = Price(exact: try exact(answer.currentPrice))
    return BrokeragePosition(
      symbol: symbol, shares: Quantity(exact: try exact(answer.qty)),
      averageCost: Price(exact: try exact(answer.avgEntryPrice)),
      costBasis: money(try exact(answer.costBasis)), price: price,
      previousClose: answer.lastdayPrice?.exact.map(Price.init(exact:)) ?? price,
      marketValue: money(try exact(answer.marketValue)),
      unrealizedProfit: money(try exact(answer.unrealizedPl)),
      dayChange: answer.unrealizedIntradayPl?.exact.map(money) ?? .zero,
      sharesAvailable: answer.qtyAvailable?.exact.map(Quantity.init(exact:)))
  }

  /// The points with an equity (a `null` equity, no data for that time, is left out).
  static func portfolioHistory(_ answer: AlpacaPortfolioHistory) throws(BrokerageError)
    -> BrokeragePortfolioHistory
  {
    guard answer.timestamp.count == answer.equity.count else { throw malformed }
    let flows = externalFlows(answer)
    var points: [BrokeragePortfolioHistory.Point] = []
    points.reserveCapacity(answer.timestamp.count)
    // A flow at a point without an equity moves to the next point with one.
    var pending = Money.zero
    for (index, (seconds, equity)) in zip(answer.timestamp, answer.equity).enumerated() {
      pending += flows?[index] ?? .zero
      guard let equity else { continue }
      guard let value = ExactDecimal(exactly: equity) else { throw malformed }
      points.append(
        .init(
          time: Date(timeIntervalSince1970: TimeInterval(seconds)), equity: money(value),
          flow: points.isEmpty ? .zero : pending))
      pending = .zero
    }
    let base = answer.baseValue.flatMap(ExactDecimal.init(exactly:)).map(money)
    return BrokeragePortfolioHistory(
      points: points, baseValue: base, resolution: resolution(answer.timeframe),
      flowsKnown: flows != nil)
  }

  /// The width of Alpaca's points, so a benchmark is read at the same instants.
  static func resolution(_ timeframe: String?) -> BarResolution? {
    switch timeframe?.uppercased() {
    case "1MIN": .minute
    case "5MIN": .fiveMinutes
    case "15MIN": .fifteenMinutes
    case "30MIN": .thirtyMinutes
    case "1H": .hour
    case "1D": .day
    default: nil
    }
  }

  /// Money and securities moved into or out of the account from outside it, as Alpaca's
  /// `cashflow` lists them: deposits (`CSD`), withdrawals (`CSW`), cash and stock journals
  /// (`JNLC`, `JNLS`) and transfers in (`ACATC`, `ACATS`), summed per point; dividends, fees
  /// and interest are the account's return, not flows. Nil when Alpaca sent no `cashflow`,
  /// or one that does not fit the points.
  static let externalFlowTypes: Set<String> = ["CSD", "CSW", "JNLC", "JNLS", "ACATC", "ACATS"]

  static func externalFlows(_ answer: AlpacaPortfolioHistory) -> [Money]? {
    guard let cashflow = answer.cashflow else { return nil }
    var flows = Array(repeating: Money.zero, count: answer.timestamp.count)
    for (type, amounts) in cashflow where externalFlowTypes.contains(type.uppercased()) {
      guard amounts.count == flows.count else { return nil }
      for (index, amount) in amounts.enumerated() {
        guard let exact = ExactDecimal(exactly: amount) else { return nil }
        flows[index] += money(exact)
      }
    }
    return flows
  }

  // MARK: Values

  /// A required amount, exactly; one that is not a number makes the answer unreadable.
  static func exact(_ amount: AlpacaAmount) throws(BrokerageError) -> ExactDecimal {
    guard let exact = amount.exact else { throw malformed }
    return exact
  }

  /// An amount of money as Alpaca books it: whole cents.
  static func money(_ amount: ExactDecimal) -> Money {
    Money(exact: amount).roundedToCents()
  }
}
