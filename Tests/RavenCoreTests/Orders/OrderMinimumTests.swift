import Foundation
import PropertyBased
import RavenCore
import Testing

/// The $1.00 smallest order, and that what a trade moves in cash is its worth to within
/// a cent: a buy rounded up, a sale rounded down, never a cent or more either way.
@Suite("The smallest order and a trade's rounding")
struct OrderMinimumTests {
  private func request(
    _ side: TradeSide = .buy, qty: String? = nil, notional: String? = nil, limit: String? = nil
  ) -> OrderRequest {
    OrderRequest(
      symbol: "AAPL", side: side, type: limit == nil ? .market : .limit,
      qty: qty.flatMap(Quantity.init), notional: notional.flatMap(Money.init),
      limitPrice: limit.flatMap(Price.init), timeInForce: .day)
  }

  private func refuses(_ request: OrderRequest, at price: String, sellable: String = "0")
    async -> Bool
  {
    do {
      try await request.checkMinimum(at: Price(price)!) { Quantity(sellable)! }
      return false
    } catch {
      return error as? OrderError == .amountTooSmall
    }
  }

  @Test("Worth is the shares at the limit price, else at the price now, or the amount")
  func worth() async {
    #expect(await refuses(request(qty: "0.0000001"), at: "100000"))
    #expect(await refuses(request(qty: "0.004"), at: "249.99"))
    #expect(!(await refuses(request(qty: "0.004"), at: "250")))
    #expect(await refuses(request(qty: "1", limit: "0.99"), at: "200"))
    #expect(!(await refuses(request(qty: "2", limit: "0.50"), at: "0.10")))
    #expect(await refuses(request(notional: "0.99"), at: "200"))
    #expect(!(await refuses(request(notional: "1"), at: "200")))
  }

  @Test("A sale of every share free to sell passes however small; part of them does not")
  func remainder() async {
    #expect(!(await refuses(request(.sell, qty: "0.001"), at: "187", sellable: "0.001")))
    #expect(await refuses(request(.sell, qty: "0.0005"), at: "187", sellable: "0.001"))
    #expect(await refuses(request(.sell, notional: "0.50"), at: "187", sellable: "0.001"))
  }

  @Test("The free shares are asked for only for a small sale")
  func asksOnlyWhenNeeded() async throws {
    try await request(.sell, qty: "1").checkMinimum(at: Price("187")!) {
      Issue.record("asked for the shares free to sell of a sale worth $187")
      return .zero
    }
  }

  @Test("A dollar amount under $1 is refused before the market is asked")
  func notionalValidation() {
    #expect(throws: OrderError.amountTooSmall) { try request(notional: "0.99").validate() }
    #expect(throws: Never.self) { try request(notional: "1.00").validate() }
  }

  /// Quantities to Alpaca's 9 places up to 10,000,000 shares; prices from a hundredth of
  /// a cent to $1,000,000.
  private static let trades = zip(
    Gen.int64(in: 1...10_000_000_000_000_000), Gen.int64(in: 1...10_000_000_000)
  ).map { nanoShares, basisUnits in
    (
      Quantity(exact: ExactDecimal(units: nanoShares, fractionDigits: 9)),
      Price(basisUnits: basisUnits)
    )
  }

  @Test("A buy is charged its worth rounded up, a sale credited it rounded down, within a cent")
  func rounding() async {
    let cent = Money(cents: 1)
    await propertyCheck(count: 500, input: Self.trades) { shares, price in
      let worth = price * shares
      var ledger = Ledger(cash: Money(dollars: 10_000_000_000_001))
      let buy = try? ledger.execute(.buy, shares, of: "AAPL", at: price, time: .distantPast)
      #expect(buy.map { $0.amount >= worth && $0.amount - worth < cent } == true)
      let sale = try? ledger.execute(.sell, shares, of: "AAPL", at: price, time: .distantPast)
      #expect(sale.map { $0.amount <= worth && worth - $0.amount < cent } == true)
    }
  }
}
