import Foundation

/// Every open order, indexed by symbol and price so that a minute's matching looks only
/// at the orders its bar can reach: a buy limit at or above the minute's low, a buy stop
/// at or below its high (and the mirror for sells), plus the few orders any minute
/// reaches (market orders, trailing stops, triggered stops, and orders that end after
/// one minute: ioc, fok, opg, cls).
public struct OrderBook: Sendable {
  private var books: [Symbol: SymbolBook] = [:]
  private var symbolOf: [UUID: Symbol] = [:]

  public init() {}

  public init(_ orders: some Sequence<RestingOrder>) {
    for order in orders { insert(order) }
  }

  public var count: Int { symbolOf.count }
  public var symbols: Dictionary<Symbol, SymbolBook>.Keys { books.keys }

  public func order(id: UUID) -> RestingOrder? {
    symbolOf[id].flatMap { books[$0]?.order(id: id) }
  }

  /// Adds `order`, or replaces the order with its id.
  public mutating func insert(_ order: RestingOrder) {
    remove(id: order.id)
    symbolOf[order.id] = order.symbol
    books[order.symbol, default: SymbolBook()].insert(order)
  }

  public mutating func remove(id: UUID) {
    guard let symbol = symbolOf.removeValue(forKey: id) else { return }
    books[symbol]?.remove(id: id)
    if books[symbol]?.isEmpty == true { books[symbol] = nil }
  }

  /// The orders on `symbol` that `bar` can reach.
  public func candidates(for symbol: Symbol, in bar: Bar) -> [RestingOrder] {
    books[symbol]?.candidates(in: bar) ?? []
  }
}

/// One symbol's open orders, in price-sorted lanes.
public struct SymbolBook: Sendable {
  /// Buy limits, highest limit first; sell limits, lowest first.
  private var buyLimits: [RestingOrder] = []
  private var sellLimits: [RestingOrder] = []
  /// Untriggered buy stops, lowest stop first; sell stops, highest first.
  private var buyStops: [RestingOrder] = []
  private var sellStops: [RestingOrder] = []
  /// Orders any minute may reach.
  private var anyPrice: [RestingOrder] = []

  var isEmpty: Bool {
    buyLimits.isEmpty && sellLimits.isEmpty && buyStops.isEmpty && sellStops.isEmpty
      && anyPrice.isEmpty
  }

  private enum Lane { case buyLimits, sellLimits, buyStops, sellStops, anyPrice }

  private static func lane(of order: RestingOrder) -> Lane {
    // Orders that end after one minute must be seen in it, reached or not, to end.
    if order.timeInForce != .day, order.timeInForce != .gtc { return .anyPrice }
    return switch (order.type, order.triggered, order.side) {
    case (.limit, _, .buy), (.stopLimit, true, .buy): Lane.buyLimits
    case (.limit, _, .sell), (.stopLimit, true, .sell): Lane.sellLimits
    case (.stop, false, .buy), (.stopLimit, false, .buy): Lane.buyStops
    case (.stop, false, .sell), (.stopLimit, false, .sell): Lane.sellStops
    case (.market, _, _), (.trailingStop, _, _), (.stop, true, _): Lane.anyPrice
    }
  }

  /// The price a lane is sorted by, turned so that every lane sorts ascending and the
  /// reachable orders are a prefix: a buy limit's or sell stop's price negated.
  private static func key(_ order: RestingOrder, _ lane: Lane) -> ExactDecimal {
    switch lane {
    case .buyLimits: -order.limitPrice!.exact
    case .sellLimits: order.limitPrice!.exact
    case .buyStops: order.stopPrice!.exact
    case .sellStops: -order.stopPrice!.exact
    case .anyPrice: .zero
    }
  }

  mutating func insert(_ order: RestingOrder) {
    let lane = Self.lane(of: order)
    let key = Self.key(order, lane)
    modify(lane) { orders in
      let index = orders.partitioningIndex { Self.key($0, lane) > key }
      orders.insert(order, at: index)
    }
  }

  mutating func remove(id: UUID) {
    for lane in [Lane.buyLimits, .sellLimits, .buyStops, .sellStops, .anyPrice] {
      modify(lane) { orders in orders.removeAll { $0.id == id } }
    }
  }

  func order(id: UUID) -> RestingOrder? {
    (buyLimits + sellLimits + buyStops + sellStops + anyPrice).first { $0.id == id }
  }

  func candidates(in bar: Bar) -> [RestingOrder] {
    let low = bar.low.exact
    let high = bar.high.exact
    return anyPrice
      + buyLimits.prefix { -Self.key($0, .buyLimits) >= low }
      + sellLimits.prefix { Self.key($0, .sellLimits) <= high }
      + buyStops.prefix { Self.key($0, .buyStops) <= high }
      + sellStops.prefix { -Self.key($0, .sellStops) >= low }
  }

  private mutating func modify(_ lane: Lane, _ change: (inout [RestingOrder]) -> Void) {
    switch lane {
    case .buyLimits: change(&buyLimits)
    case .sellLimits: change(&sellLimits)
    case .buyStops: change(&buyStops)
    case .sellStops: change(&sellStops)
    case .anyPrice: change(&anyPrice)
    }
  }
}
