import Foundation
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
    request.orderClass = "fancy"
    #expect(throws: OrderError.unsupportedOrderClass) { try request.validate() }
    // A bracket without its exits.
    request.orderClass = "bracket"
    #expect(throws: OrderError.invalidExits) { try request.validate() }
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

@Suite("Bounds on what an order may ask")
struct OrderBoundsTests {
  private func order(
    _ type: OrderType, qty: String = "1", limit: String? = nil, stop: String? = nil,
    trailPrice: String? = nil, trailPercent: String? = nil
  ) -> OrderRequest {
    OrderRequest(
      symbol: "F", side: .sell, type: type, qty: Quantity(qty)!,
      limitPrice: limit.flatMap(Price.init), stopPrice: stop.flatMap(Price.init),
      trailPrice: trailPrice.flatMap(Price.init),
      trailPercent: trailPercent.flatMap(ExactDecimal.init), timeInForce: .gtc)
  }

  @Test("Prices up to $1,000,000 and quantities up to 10,000,000 shares pass")
  func atTheBounds() throws {
    try order(.limit, qty: "10000000", limit: "1000000").validate()
    try order(.stop, stop: "1000000.00").validate()
    try order(.trailingStop, trailPrice: "1000000").validate()
    try order(.trailingStop, trailPercent: "99.99").validate()
  }

  @Test("Past them an order is refused with the field's own code, the probe's stop too")
  func pastTheBounds() {
    let cases: [(OrderRequest, OrderError)] = [
      (order(.stop, stop: "123456789012345678901234567890"), .invalidPrice),
      (order(.stop, stop: "1000000.01"), .invalidPrice),
      (order(.limit, limit: "1000001"), .invalidPrice),
      (order(.stopLimit, limit: "1.00", stop: "2000000"), .invalidPrice),
      (order(.trailingStop, trailPrice: "1000000.01"), .invalidPrice),
      (order(.trailingStop, trailPercent: "100"), .invalidTrail),
      (order(.limit, qty: "10000001", limit: "1.00"), .invalidQty),
      (order(.limit, qty: "10000000.000000001", limit: "1.00"), .invalidQty),
    ]
    for (request, error) in cases {
      #expect(throws: error, "\(request)") { try request.validate() }
    }
    #expect(OrderError.invalidPrice.message == "Prices must be positive and at most $1,000,000")
  }

  @Test("A replacement past the bounds is refused as a new order would be")
  func replacement() {
    var resting = Order(
      id: UUID(), clientOrderID: "a", request: order(.stop, stop: "10.00"), submittedAt: .now)
    resting.status = .new
    #expect(throws: OrderError.invalidPrice) {
      try OrderReplacement(stopPrice: Price("123456789012345678901234567890")).request(
        replacing: resting)
    }
    #expect(throws: OrderError.invalidQty) {
      try OrderReplacement(qty: 10_000_001).request(replacing: resting)
    }
  }

  @Test("A value whose text has more digits than any reader takes is refused when encoded")
  func encodingRefusesUnreadableText() throws {
    let huge = ExactDecimal(
      Decimal(string: "1234567890123456789012345678901234.5")!, fractionDigits: 4)
    #expect(!huge.fitsText)
    #expect(throws: EncodingError.self) { try JSONEncoder().encode([Money(exact: huge)]) }
    #expect(throws: EncodingError.self) { try JSONEncoder().encode([Price(exact: huge)]) }
    #expect(throws: EncodingError.self) { try JSONEncoder().encode([huge]) }
    let fits = try #require(ExactDecimal("123456789012345678901234567890"))
    #expect(fits.fitsText)
    let text = String(decoding: try JSONEncoder().encode([Money(exact: fits)]), as: UTF8.self)
    #expect(text == #"["123456789012345678901234567890"]"#)
  }
}
