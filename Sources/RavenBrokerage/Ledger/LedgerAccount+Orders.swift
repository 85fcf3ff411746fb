import Foundation
import RavenCore
import RavenMarketData
import RavenStore

extension LedgerAccount {
  /// Checks the order, holds its cash or shares, and fills it as `filling` says: a market
  /// order at the quote at once, or any order against the rest of the minute when the
  /// market is open (otherwise it rests for the engine).
  public func placeOrder(_ request: OrderRequest, filling: MarketFilling) async throws -> Order {
    try request.validate()
    let order: Order
    do {
      order = try await place(request, replacing: nil, filling: filling)
    } catch {
      // A refusal may follow a write the store could not confirm: nothing kept is trusted.
      await events?.accountChanged(accountID)
      throw error
    }
    await events?.publish([order] + (try await legs(of: order)), of: accountID, to: userID)
    return order
  }

  /// The other orders of `order`'s bracket, OTO or OCO, as stored: none for a simple one.
  public func legs(of order: Order) async throws -> [Order] {
    var legs: [Order] = []
    for id in order.legs ?? [] { legs.append(try await self.order(id: id)) }
    return legs
  }

  /// The trade a simple trade's order made, and the cash the store recorded right after it.
  public func receipt(for order: Order, isReplay: Bool) async throws -> AccountReceipt {
    guard let made = try await store.trades(orderID: order.id, accountID: accountID).last else {
      throw StoreError.notFound
    }
    return AccountReceipt(trade: AccountTrade(made.record), cash: made.cash, isReplay: isReplay)
  }

  /// The new order goes through the same checks and matching as any; the old one's
  /// holds are free for it, and it ends in the same transaction the new one is placed.
  public func replaceOrder(id: UUID, with replacement: OrderReplacement) async throws -> Order {
    let old = try await store.order(id: id, accountID: accountID).order
    if old.legs != nil || old.parentID != nil { throw OrderError.orderInGroup }
    let new = try await place(
      try replacement.request(replacing: old), replacing: id, filling: .asTheMarketTrades)
    // The old order's end (`replaced`) and the new one.
    await events?.publish([try await order(id: id), new], of: accountID, to: userID)
    return new
  }

  private func place(_ request: OrderRequest, replacing: UUID?, filling: MarketFilling)
    async throws -> Order
  {
    let quote = try await currentQuote(request.symbol, filling: filling)
    try request.checkExits(at: quote.price)
    let account = try await store.account(accountID: accountID)
    let intent = PositionIntent(request.side, holding: account.shares(of: request.symbol))
    try await request.checkMinimum(at: quote.price) {
      // A closing order of all that is free to close passes however small.
      intent.opens ? .zero : account.sharesAvailable(of: request.symbol, replacing: replacing)
    }
    let pricing = try await pricing(of: account, quote: quote)
    let now = clock.now
    let id = UUID.timeOrdered(at: now)
    var order = Order(
      id: id, clientOrderID: request.clientOrderID ?? id.uuidString.lowercased(),
      request: request, submittedAt: now)
    order.replaces = replacing
    order.positionIntent = intent
    let legs = try request.legs(of: order) { UUID.timeOrdered(at: now) }
    if !legs.isEmpty {
      order.orderClass = try request.kind
      order.legs = legs.map(\.id)
    }
    if request.type == .trailingStop { order.hwm = quote.price }
    if filling == .atTheQuote, request.type == .market, let qty = request.qty, legs.isEmpty {
      // Filled at the one price, so the check and the fill agree to the cent (a short
      // sale is checked 3 % above it, as any is).
      let price = await engine.marketPrice(request.side, quote: quote)
      let holdPrice =
        intent == .sellToOpen
        ? OrderHold.price(
          type: .market, limitPrice: nil, stopPrice: nil, current: price, intent: intent)
        : price
      return try await store.placeOrder(
        order, holdPrice: holdPrice, accountID: accountID, replacing: replacing,
        matched: [.wholeFill(of: order, qty: qty, accountID: accountID, at: price)],
        pricing: pricing
      ).order
    }
    let holdPrice = OrderHold.price(
      type: request.type, limitPrice: request.limitPrice, stopPrice: request.stopPrice,
      current: quote.price, intent: intent)
    // Matched before it is recorded, so that the order and its fill are one write.
    let placing = StoredOrder(
      accountID: accountID, userID: userID, order: order, holdPrice: holdPrice, version: 1,
      sequence: 0)
    var match = await engine.matchPlacing(placing, at: quote.price)
    var refusals = 0
    while true {
      do {
        return try await store.placeOrder(
          order, holdPrice: holdPrice, accountID: accountID, replacing: replacing,
          matched: match.changes, pricing: pricing, legs: legs, claim: match.claim
        ).order
      } catch {
        await engine.release(match)
        guard case StoreError.minuteVolumeTaken(let total) = error else { throw error }
        // Orders placed through another server took the minute's volume first: matched
        // again on what they left, and after a few refusals placed without a fill (an ioc
        // or fok order then ends, others rest for the engine's match at the minute's end).
        await engine.learn(total, refused: match)
        refusals += 1
        match = await engine.matchPlacing(placing, at: quote.price)
        if refusals >= Self.placingMatchAttempts {
          await engine.release(match)
          match = match.withoutFills
        }
      }
    }
  }

  /// How many times an order is matched as it is placed before it is placed unmatched,
  /// when other servers' orders keep taking its minute's volume first.
  static let placingMatchAttempts = 3

  /// The prices a margin account's buying power is worked out at: each position's and
  /// the order's symbol's now, and the equity at the last close. Nil for a cash account,
  /// whose buying power is its cash.
  private func pricing(of account: Account, quote: Quote) async throws -> PlacementPricing? {
    guard account.settings.isMargin else { return nil }
    let symbols = account.positions.map(\.symbol)
    var quotes = await self.quotes.freshQuotes(for: symbols, at: clock.now).quotes
    quotes[quote.symbol] = quote
    return PlacementPricing(
      prices: quotes.mapValues(\.price),
      lastEquity: try await lastEquity(of: account, quotes: quotes), terms: securities)
  }

  /// The price to place at. An unknown symbol is the order's refusal (the market's own
  /// error for a simple trade, which names the symbol); a symbol the market cannot price
  /// now is the trade sheet's.
  private func currentQuote(_ symbol: Symbol, filling: MarketFilling) async throws -> Quote {
    switch await Result.answer({ () async throws(MarketDataError) in
      try await market.quote(for: symbol, at: clock.now)
    }) {
    case .success(let quote): return quote
    case .failure(.unknownSymbol) where filling == .asTheMarketTrades:
      throw OrderError.unknownSymbol
    case .failure(.noData): throw TradeError.noPrice
    case .failure(let error): throw error
    }
  }

  /// The cursor is the last order's sequence number.
  public func orders(status: OrderListStatus, symbol: Symbol?, limit: Int, before: Int64?)
    async throws -> AccountOrdersPage
  {
    let stored = try await store.orders(
      accountID: accountID, status: status, symbol: symbol, before: before, limit: limit + 1)
    let page = stored.prefix(limit)
    return AccountOrdersPage(
      orders: page.map(\.order), nextCursor: stored.count > limit ? page.last?.sequence : nil)
  }

  /// Orders by submission time inside `window` (Alpaca's `after`, `until`, `direction`).
  public func orders(
    status: OrderListStatus, symbol: Symbol?, submitted window: OrderTimeWindow, limit: Int
  ) async throws -> [StoredOrder] {
    try await store.orders(
      accountID: accountID, status: status, symbol: symbol, submitted: window, limit: limit)
  }

  public func order(id: UUID) async throws -> Order {
    try await store.order(id: id, accountID: accountID).order
  }

  public func cancelOrder(id: UUID) async throws -> Order {
    let changed = try await store.changeOrders([
      OrderChange(
        orderID: id, accountID: accountID, version: nil, update: .end(.canceled, reason: nil),
        time: clock.now)
    ])
    guard let order = changed.first?.order else { throw StoreError.notFound }
    // With the rest of its bracket, OTO or OCO, canceled with it.
    await events?.publish(changed.map(\.order), of: accountID, to: userID)
    return order
  }

  public func order(clientOrderID: String) async throws -> Order? {
    do {
      return try await store.order(clientOrderID: clientOrderID, accountID: accountID).order
    } catch .notFound {
      return nil
    }
  }

  /// Every open order, oldest last, with what each holds of the account.
  public func openOrders() async throws -> [StoredOrder] {
    try await store.orders(
      accountID: accountID, status: .open, symbol: nil, before: nil, limit: 10_000)
  }
}
