import RavenCore
import Testing

/// What an order must say before it is accepted, with Alpaca's refusals so that a bot that
/// passes on Raven does not fail on Alpaca.
@Suite("Validating an order request")
struct OrderRequestTests {
  private let aapl = Symbol("AAPL")

  private func order(
    _ type: OrderType = .market, qty: String? = "3", notional: String? = nil,
    limit: String? = nil, stop: String? = nil, trailPrice: String? = nil,
    trailPercent: String? = nil, tif: TimeInForce = .day
  ) -> OrderRequest {
    OrderRequest(
      symbol: aapl, side: .buy, type: type, qty: qty.flatMap(Quantity.init),
      notional: notional.flatMap(Money.init), limitPrice: limit.flatMap(Price.init),
      stopPrice: stop.flatMap(Price.init), trailPrice: trailPrice.flatMap(Price.init),
      trailPercent: trailPercent.flatMap(ExactDecimal.init), timeInForce: tif)
  }

  @Test("Well-formed orders of every type pass")
  func valid() throws {
    try order().validate()
    try order(.limit, limit: "350.25", tif: .gtc).validate()
    try order(.stop, stop: "340", tif: .gtc).validate()
    try order(.stopLimit, limit: "341", stop: "340").validate()
    try order(.trailingStop, trailPercent: "1.5", tif: .gtc).validate()
    try order(.trailingStop, trailPrice: "2.50").validate()
    try order(.limit, limit: "0.4512").validate()  // hundredths of a cent below $1
    try order(qty: "0.123456789").validate()  // Alpaca's 9 places
    try order(qty: nil, notional: "250").validate()
    try order(qty: "5", tif: .opg).validate()
  }

  @Test("Each mistake has its own code")
  func refusals() {
    let cases: [(OrderRequest, OrderError)] = [
      (order(qty: "0"), .invalidQty),
      (order(qty: "-1"), .invalidQty),
      (order(qty: "0.1234567891"), .invalidQty),
      (order(qty: nil), .invalidQty),
      (order(qty: "1", notional: "100"), .invalidQty),
      (order(.limit), .missingLimitPrice),
      (order(.stopLimit, limit: "341"), .missingStopPrice),
      (order(.stop), .missingStopPrice),
      (order(.trailingStop), .invalidTrail),
      (order(.trailingStop, trailPrice: "1", trailPercent: "1"), .invalidTrail),
      (order(.trailingStop, trailPercent: "0"), .invalidTrail),
      (order(.limit, limit: "0"), .invalidPrice),
      (order(.limit, limit: "350.255"), .invalidPriceIncrement),
      (order(.limit, limit: "0.45125"), .invalidPriceIncrement),
      (order(qty: nil, notional: "250", tif: .gtc), .invalidTimeInForce),
      (order(.limit, qty: nil, notional: "250", limit: "300"), .invalidNotional),
      (order(qty: nil, notional: "0"), .invalidNotional),
      (order(qty: nil, notional: "10.005"), .invalidNotional),
      (order(qty: "0.5", tif: .gtc), .invalidTimeInForce),
    ]
    for (request, error) in cases {
      #expect(throws: error, "\(request)") { try request.validate() }
    }
  }

  @Test("Order classes, extended hours and client order IDs Raven does not take")
  func unsupported() {
    var request = order()
    request.orderClass = "bracket"
    #expect(throws: OrderError.unsupportedOrderClass) { try request.validate() }
    request.orderClass = "simple"
    request.extendedHours = true
    #expect(throws: OrderError.unsupportedExtendedHours) { try request.validate() }
    request.extendedHours = false
    request.clientOrderID = String(repeating: "x", count: 129)
    #expect(throws: OrderError.invalidClientOrderID) { try request.validate() }
    request.clientOrderID = "bot-1\n"
    #expect(throws: OrderError.invalidClientOrderID) { try request.validate() }
    request.clientOrderID = String(repeating: "x", count: 128)
    #expect(throws: Never.self) { try request.validate() }
  }

  @Test("Codes are Alpaca-style snake_case; the money refusals keep the trade sheet's words")
  func codes() {
    #expect(OrderError.missingLimitPrice.code == "missing_limit_price")
    #expect(OrderError.duplicateClientOrderID.code == "duplicate_client_order_id")
    #expect(OrderError.insufficientFunds.message == "Not enough money to buy")
    #expect(OrderError.insufficientShares.message == "Not enough shares to sell")
    #expect(OrderType.trailingStop.rawValue == "trailing_stop")
    #expect(OrderStatus.partiallyFilled.isOpen && !OrderStatus.replaced.isOpen)
  }
}
