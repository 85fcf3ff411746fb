import Foundation
import RavenCore

/// A small deterministic generator for property tests' scenarios (SplitMix64).
struct ScenarioRandom {
  private var state: UInt64
  init(seed: Int64) { state = UInt64(bitPattern: seed) }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.count))
  }

  mutating func pick<T>(_ values: [T]) -> T { values[int(0...values.count - 1)] }
}

/// Random minute bars of a few symbols, and random orders placed among them, run through
/// the order book, the matcher and one ledger as the engine does, recording everything
/// the properties check.
struct OrderScenario {
  static let symbols: [Symbol] = ["AAPL", "KO", "PENY"]
  static let start = Date(timeIntervalSince1970: 1_763_476_200)  // a session's open

  var bars: [Symbol: [Bar]] = [:]
  var ledger = Ledger(cash: Money(dollars: 25_000))
  var orders: [UUID: Order] = [:]
  var holdPrices: [UUID: Price] = [:]
  var book = OrderBook()
  var random: ScenarioRandom
  /// Every fill with the minute's bar it came from.
  var fills: [(order: Order, fill: OrderFill, bar: Bar)] = []
  var violations: [String] = []
  /// What fills have taken from each symbol's minute so far.
  var taken: [Symbol: [Date: MinuteLiquidity]] = [:]

  init(seed: Int64, minutes: Int = 90) {
    random = ScenarioRandom(seed: seed)
    for (index, symbol) in Self.symbols.enumerated() {
      // A penny stock among them exercises four-place prices.
      var cents = [18_000, 6_000, 95][index]
      var series: [Bar] = []
      for minute in 0..<minutes {
        let gap = random.int(0...20) == 0 ? random.int(-cents / 20...cents / 20) : 0
        let open = max(1, cents + gap)
        let close = max(1, open + random.int(-cents / 200 - 1...cents / 200 + 1))
        let high = max(open, close) + random.int(0...cents / 300 + 1)
        let low = max(1, min(open, close) - random.int(0...cents / 300 + 1))
        series.append(
          Bar(
            time: Self.start.addingTimeInterval(Double(minute * 60)),
            open: Price(cents: Int64(open)), high: Price(cents: Int64(high)),
            low: Price(cents: Int64(low)), close: Price(cents: Int64(close)),
            volume: Int64(random.int(50...20_000))))
        cents = close
      }
      bars[symbol] = series
      _ = ledger.apply(
        OrderFill(
          time: Self.start.addingTimeInterval(-60), qty: 40, price: Price(cents: Int64(cents))),
        side: .buy, symbol: symbol, wholeShares: true)
    }
  }

  var heldCash: Money {
    orders.values.filter { $0.status.isOpen && $0.side == .buy }.reduce(.zero) { $0 + hold($1) }
  }

  func heldShares(_ symbol: Symbol) -> Quantity {
    orders.values.filter { $0.status.isOpen && $0.side == .sell && $0.symbol == symbol }
      .reduce(.zero) { $0 + ($1.remainingQty ?? .zero) }
  }

  func hold(_ order: Order) -> Money {
    OrderHold.cash(
      remaining: order.remainingQty, notional: order.notional, holdPrice: holdPrices[order.id]!)
  }

  /// A random order near the current price; placed only when it fits the buying power.
  mutating func place(at minute: Int, matcher: MinuteMatcher) {
    let symbol = random.pick(Self.symbols)
    let bar = bars[symbol]![minute]
    let price = bar.open
    let side: TradeSide = random.int(0...1) == 0 ? .buy : .sell
    let type = random.pick(OrderType.allCases)
    let offset = { (random: inout ScenarioRandom) -> Price in
      let step = price.exact * ExactDecimal(units: Int64(random.int(-300...300)), fractionDigits: 4)
      let digits = price < Price(cents: 100) ? 4 : 2
      return Price(
        exact: max(price.exact + step, ExactDecimal(units: 1, fractionDigits: digits))
          .rounded(toFractionDigits: digits))
    }
    let fractional = random.int(0...4) == 0
    let notional = type == .market && random.int(0...4) == 0
    var request = OrderRequest(
      symbol: symbol, side: side, type: type,
      qty: notional
        ? nil
        : fractional
          ? Quantity(
            exact: ExactDecimal(units: Int64(random.int(1...5_000_000_000)), fractionDigits: 9))
          : Quantity(random.int(1...300)),
      notional: notional ? Money(dollars: random.int(1...2_000)) : nil,
      timeInForce: fractional || notional ? .day : random.pick(TimeInForce.allCases))
    if type.needsLimitPrice { request.limitPrice = offset(&random) }
    if type.needsStopPrice { request.stopPrice = offset(&random) }
    if type == .trailingStop {
      if random.int(0...1) == 0 {
        request.trailPercent = ExactDecimal(random.int(1...5))
      } else {
        request.trailPrice = Price(
          exact: (price.exact * ExactDecimal(units: 1, fractionDigits: 2)).rounded(
            toFractionDigits: 2, rounding: .awayFromZero))
      }
    }
    guard (try? request.validate()) != nil else { return }
    let time = bar.time.addingTimeInterval(Double(random.int(0...59)))
    var order = Order(
      id: UUID(), clientOrderID: UUID().uuidString, request: request, submittedAt: time)
    holdPrices[order.id] = OrderHold.price(
      type: type, limitPrice: request.limitPrice, stopPrice: request.stopPrice, current: price)
    switch side {
    case .buy:
      guard hold(order) <= ledger.cash - heldCash else { return }
    case .sell:
      guard let qty = request.qty, qty <= ledger.shares(of: symbol) - heldShares(symbol) else {
        return
      }
    }
    orders[order.id] = order
    let placing = MarketMinute.placing(at: time, price: price, volumeAfter: bar.volume / 2)
    let outcomes = matcher.match(
      [RestingOrder(order)], in: placing, placing: true,
      taken: &taken[symbol, default: [:]][bar.time, default: MinuteLiquidity()])
    apply(outcomes, bar: placing.bar)
    order = orders[order.id]!
    if order.status.isOpen { book.insert(RestingOrder(order)) }
  }

  /// One minute of every symbol, as the engine matches it.
  mutating func match(minute: Int, matcher: MinuteMatcher) {
    for symbol in Self.symbols {
      let bar = bars[symbol]![minute]
      let market = MarketMinute(
        bar: bar, isOpening: minute == 0, isClosing: minute == bars[symbol]!.count - 1)
      let outcomes = matcher.match(
        book.candidates(for: symbol, in: bar), in: market, placing: false,
        taken: &taken[symbol, default: [:]][bar.time, default: MinuteLiquidity()])
      apply(outcomes, bar: bar)
    }
  }

  mutating func apply(_ outcomes: [MinuteOutcome], bar: Bar) {
    for outcome in outcomes {
      guard var order = orders[outcome.orderID] else { continue }
      var applied: AppliedFill?
      if let fill = outcome.fill {
        let remainingAfter = order.remainingQty.map { $0 - fill.qty } ?? .zero
        let holdAfter = OrderHold.cash(
          remaining: remainingAfter, notional: nil, holdPrice: holdPrices[order.id]!)
        applied = ledger.apply(
          fill, side: order.side, symbol: order.symbol, wholeShares: order.qty?.isWhole ?? false,
          heldByOthers: heldCash - hold(order), holdAfter: holdAfter)
        if let trade = applied?.trade {
          fills.append(
            (order, OrderFill(time: fill.time, qty: trade.shares, price: trade.price), bar))
        }
      }
      order.record(outcome, applied: applied, at: bar.time)
      orders[order.id] = order
      if order.status.isOpen { book.insert(RestingOrder(order)) } else { book.remove(id: order.id) }
    }
  }
}
