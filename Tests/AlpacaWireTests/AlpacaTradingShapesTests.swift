import AlpacaWire
import Foundation
import Testing

/// The trading API's shapes: each written and read back unchanged, Alpaca's own answers
/// read, and the keys and values Alpaca's SDKs look for written as they expect them.
@Suite("Alpaca trading shapes")
struct AlpacaTradingShapesTests {
  static var order: AlpacaOrder {
    var order = AlpacaOrder(
      id: "61e69015-8549-4bfd-b9c3-01e75843f47d", symbol: "AAPL", side: "buy", status: "filled")
    order.clientOrderId = "bot-1"
    order.createdAt = AlpacaTime(Date(timeIntervalSince1970: 1_763_650_000.125))
    order.submittedAt = order.createdAt
    order.updatedAt = AlpacaTime(Date(timeIntervalSince1970: 1_763_650_001))
    order.filledAt = order.updatedAt
    order.qty = .text("2.5")
    order.filledQty = .text("2.5")
    order.filledAvgPrice = .text("187.9512")
    order.type = "market"
    order.orderType = "market"
    order.timeInForce = "day"
    order.orderClass = "simple"
    order.extendedHours = false
    return order
  }

  @Test("an order: every key written, null where there is no value, and read back")
  func order() throws {
    let order = Self.order
    #expect(try roundTrip(order) == order)
    let json = try written(order)
    #expect(json.count == 33)
    #expect(json["client_order_id"] as? String == "bot-1")
    #expect(json["created_at"] as? String == "2025-11-20T14:46:40.125Z")
    #expect(json["filled_avg_price"] as? String == "187.9512")
    #expect(json["notional"] is NSNull && json["legs"] is NSNull && json["hwm"] is NSNull)
    #expect(json["extended_hours"] as? Bool == false)
  }

  @Test("Alpaca's own order reads; what Raven cannot read is nil, not a failure")
  func alpacaOrder() throws {
    let order = try read(
      AlpacaOrder.self,
      """
      {"id":"61e69015-8549-4bfd-b9c3-01e75843f47d","client_order_id":"known-client-id",
      "created_at":"2025-11-20T14:46:40.123456Z","updated_at":"2025-11-20T14:46:41.2Z",
      "submitted_at":"2025-11-20T14:46:40.123456789Z","filled_at":"2025-11-20T14:46:41.000123Z",
      "expired_at":null,"canceled_at":null,"failed_at":null,"asset_id":"b0b6dd9d",
      "symbol":"AAPL","asset_class":"us_equity","notional":null,"qty":"2.5","filled_qty":2.5,
      "filled_avg_price":"187.9512","order_class":"","order_type":"market","type":"market",
      "side":"buy","time_in_force":"day","limit_price":null,"stop_price":{"odd":1},
      "status":"filled","extended_hours":false,"legs":[],"hwm":true}
      """)
    #expect(order.clientOrderId == "known-client-id")
    #expect(order.submittedAt?.date == Date(timeIntervalSince1970: 1_763_650_000.123456))
    #expect(order.qty == .text("2.5") && order.filledQty == .number(Decimal(string: "2.5")!))
    #expect(order.stopPrice == nil && order.hwm == nil && order.limitPrice == nil)
    #expect(order.replacedBy == nil && order.legs == [])
    // Without the id, symbol, side or status it is not an order.
    #expect(throws: DecodingError.self) {
      try read(AlpacaOrder.self, #"{"id":"x","symbol":"AAPL","side":"buy"}"#)
    }
  }

  @Test("a new order: Alpaca's keys, keys without a value left out, legs only noticed")
  func orderRequest() throws {
    var request = AlpacaOrderRequest(symbol: "AAPL", side: "buy")
    request.qty = .text("0.125")
    request.type = "limit"
    request.timeInForce = "gtc"
    request.limitPrice = .text("180.5")
    request.clientOrderId = "bot-1"
    #expect(try roundTrip(request) == request)
    #expect(
      String(decoding: try AlpacaJSON.encode(request, sortingKeys: true), as: UTF8.self)
        == #"{"client_order_id":"bot-1","limit_price":"180.5","qty":"0.125","side":"buy","symbol":"AAPL","time_in_force":"gtc","type":"limit"}"#
    )
    let sdk = try read(
      AlpacaOrderRequest.self,
      #"{"symbol":"AAPL","qty":1.5,"side":"buy","type":"market","time_in_force":"day","take_profit":{"limit_price":300},"stop_loss":null}"#
    )
    #expect(sdk.qty == .number(Decimal(string: "1.5")!))
    #expect(sdk.takeProfit != nil && sdk.stopLoss == nil && sdk.legs == nil)
    var replace = AlpacaReplaceRequest()
    replace.qty = .text("6")
    replace.timeInForce = "gtc"
    replace.trail = .text("2")
    #expect(try roundTrip(replace) == replace)
    #expect(
      String(decoding: try AlpacaJSON.encode(replace, sortingKeys: true), as: UTF8.self)
        == #"{"qty":"6","time_in_force":"gtc","trail":"2"}"#)
  }

  @Test("an account: money as text, read leniently where a reader has a fallback")
  func account() throws {
    var account = AlpacaAccount(cash: .text("100000.5"), equity: .text("100210"))
    account.id = "e6fe16f3-64a4-4921-8928-cadf02f92f98"
    account.accountNumber = "RVN000000001"
    account.status = "ACTIVE"
    account.lastEquity = .text("100000.5")
    account.buyingPower = .text("99000")
    account.regtBuyingPower = .text("99000")
    account.multiplier = .text("1")
    account.patternDayTrader = false
    account.daytradeCount = 0
    account.createdAt = AlpacaTime(Date(timeIntervalSince1970: 1_795_197_600))
    #expect(try roundTrip(account) == account)
    let json = try written(account)
    #expect(json["regt_buying_power"] as? String == "99000")
    #expect(json["daytrade_count"] as? Int == 0)
    let alpaca = try read(
      AlpacaAccount.self,
      """
      {"id":"e6fe16f3-64a4-4921-8928-cadf02f92f98","account_number":"PA3XWJ5QVB2N",
      "status":"ACTIVE","currency":"USD","buying_power":"262113.632","regt_buying_power":"262113.632",
      "cash":"-23140.2","portfolio_value":"103820.56","equity":"103820.56",
      "last_equity":{},"long_market_value":"126960.76","short_market_value":"0",
      "pattern_day_trader":false,"trading_blocked":false,"crypto_status":"ACTIVE"}
      """)
    #expect(alpaca.cash == .text("-23140.2") && alpaca.lastEquity == nil)
    #expect(alpaca.buyingPower == .text("262113.632") && alpaca.daytradeCount == nil)
    #expect(throws: DecodingError.self) { try read(AlpacaAccount.self, #"{"cash":"1"}"#) }
  }

  @Test("a position: amounts as text, ratios as fractions")
  func position() throws {
    var position = AlpacaPosition(
      symbol: "AAPL", qty: .text("10"), avgEntryPrice: .text("187.95"),
      costBasis: .text("1879.5"), currentPrice: .text("191.53"), marketValue: .text("1915.3"),
      unrealizedPl: .text("35.8"))
    position.assetId = "b0b6dd9d-8b9b-48a9-ba46-b9d54906e415"
    position.side = "long"
    position.unrealizedPlpc = .text("0.019048")
    position.lastdayPrice = .text("191.95")
    #expect(try roundTrip(position) == position)
    let json = try written(position)
    #expect(json["unrealized_plpc"] as? String == "0.019048")
    #expect(json["avg_entry_price"] as? String == "187.95")
    let alpaca = try read(
      [AlpacaPosition].self,
      """
      [{"asset_id":"8ccae427-5dd0-45b3-b5fe-7ba5e422c766","symbol":"TSLA","exchange":"NASDAQ",
      "asset_class":"us_equity","avg_entry_price":"240.1","qty":"0.5","side":"long",
      "market_value":"121.005","cost_basis":"120.05","unrealized_pl":"0.955",
      "unrealized_plpc":"0.0079","unrealized_intraday_pl":"1.2","current_price":"242.01",
      "lastday_price":null,"change_today":"0.01"}]
      """)
    #expect(alpaca.first?.qty == .text("0.5") && alpaca.first?.lastdayPrice == nil)
    #expect(alpaca.first?.unrealizedIntradayPl == .text("1.2"))
  }

  @Test("portfolio history: parallel lists of numbers, null where there is no data")
  func history() throws {
    var history = AlpacaPortfolioHistory(
      timestamp: [1_763_649_000, 1_763_649_300], equity: [Decimal(string: "103529.24"), nil])
    history.profitLoss = [0, nil]
    history.profitLossPct = [0, nil]
    history.baseValue = Decimal(string: "103529.24")
    history.timeframe = "5Min"
    #expect(try roundTrip(history) == history)
    #expect((try written(history)["profit_loss_pct"] as? [Any])?.last is NSNull)
    let alpaca = try read(
      AlpacaPortfolioHistory.self,
      """
      {"timestamp":[1763649000,1763649300],"equity":[103529.24,null],
      "profit_loss":[0,null],"profit_loss_pct":[0,null],
      "base_value":"odd","base_value_asof":"2025-11-19","timeframe":"5Min"}
      """)
    #expect(alpaca.equity == [Decimal(string: "103529.24"), nil] && alpaca.baseValue == nil)
  }

  @Test("assets, the clock, the calendar and watchlists")
  func reference() throws {
    let asset = AlpacaAsset(
      id: "b0b6dd9d-8b9b-48a9-ba46-b9d54906e415", assetClass: "us_equity", exchange: "NASDAQ",
      symbol: "AAPL", name: "Apple Inc.", status: "active", tradable: true, marginable: false,
      shortable: false, easyToBorrow: false, fractionable: true, attributes: [])
    #expect(try roundTrip(asset) == asset)
    #expect(try written(asset)["class"] as? String == "us_equity")
    #expect(try written(asset)["easy_to_borrow"] as? Bool == false)
    let now = AlpacaTime(Date(timeIntervalSince1970: 1_795_197_600))
    let clock = AlpacaClock(timestamp: now, isOpen: true, nextOpen: now, nextClose: now)
    #expect(try roundTrip(clock) == clock)
    #expect(try written(clock)["is_open"] as? Bool == true)
    let day = AlpacaCalendarDay(
      date: "2026-11-20", open: "09:30", close: "16:00", sessionOpen: "0400",
      sessionClose: "2000", settlementDate: "2026-11-23")
    #expect(try roundTrip(day) == day)
    #expect(try written(day)["settlement_date"] as? String == "2026-11-23")
    let list = AlpacaWatchlist(
      id: "5a1b2c3d-0000-4000-8000-000000000000", accountId: "e6fe16f3", name: "Tech",
      createdAt: now, updatedAt: now, assets: [asset])
    #expect(try roundTrip(list) == list)
    #expect(try written(list)["account_id"] as? String == "e6fe16f3")
    var bare = list
    bare.assets = nil
    #expect(try written(bare)["assets"] == nil)
    let body = AlpacaWatchlistRequest(name: "Tech", symbols: ["AAPL"])
    #expect(try roundTrip(body) == body)
    #expect(try roundTrip(AlpacaWatchlistSymbol(symbol: "MSFT")).symbol == "MSFT")
  }

  @Test("errors and the 207 results of canceling and closing everything")
  func results() throws {
    let error = AlpacaErrorBody(code: 40_310_000, message: "insufficient buying power")
    #expect(try roundTrip(error) == error)
    #expect(
      String(decoding: try AlpacaJSON.encode(error, sortingKeys: true), as: UTF8.self)
        == #"{"code":40310000,"message":"insufficient buying power"}"#)
    #expect(try read(AlpacaErrorBody.self, #"{"code":"x","message":"no"}"#).message == "no")
    let canceled = AlpacaCancelResult(id: Self.order.id, status: 200, body: .order(Self.order))
    #expect(try roundTrip(canceled) == canceled)
    let refused = AlpacaCancelResult(id: Self.order.id, status: 422, body: .error(error))
    #expect(try roundTrip(refused) == refused)
    let closed = AlpacaCloseResult(
      symbol: "AAPL", status: 200, orderId: Self.order.id, body: .order(Self.order))
    #expect(try roundTrip(closed) == closed)
    #expect(try written(closed)["order_id"] as? String == Self.order.id)
    let failed = AlpacaCloseResult(symbol: "AAPL", status: 403, orderId: nil, body: .error(error))
    #expect(try roundTrip(failed) == failed)
    #expect(try written(failed)["order_id"] == nil)
  }

  @Test("the trading stream's messages")
  func stream() throws {
    var update = AlpacaTradeUpdate(
      event: "fill", order: Self.order, timestamp: Self.order.updatedAt!)
    update.price = .text("187.9512")
    update.qty = .text("2.5")
    update.executionId = "0b1c2d3e-0000-5000-8000-000000000000"
    let message = AlpacaStreamMessage(stream: "trade_updates", data: update)
    #expect(try roundTrip(message) == message)
    let data = try #require(try written(message)["data"] as? [String: Any])
    #expect(data["execution_id"] as? String == update.executionId)
    #expect((data["order"] as? [String: Any])?["filled_qty"] as? String == "2.5")
    let authorized = AlpacaStreamMessage(
      stream: "authorization",
      data: AlpacaStreamAuthorization(action: "authenticate", status: "authorized"))
    #expect(try roundTrip(authorized) == authorized)
    let listening = AlpacaStreamMessage(
      stream: "listening", data: AlpacaStreamListening(streams: ["trade_updates"]))
    #expect(try roundTrip(listening) == listening)
    let refused = AlpacaStreamMessage(stream: "error", data: AlpacaStreamError(error: "no"))
    #expect(try roundTrip(refused) == refused)
    let signIn = try read(
      AlpacaStreamRequest.self,
      #"{"action":"authenticate","data":{"key_id":"PK1","secret_key":"s","streams":7}}"#)
    #expect(signIn.data?.keyId == "PK1" && signIn.data?.secretKey == "s")
    #expect(signIn.data?.streams == nil)
    let flat = try read(AlpacaStreamRequest.self, #"{"action":"auth","key":"PK1","secret":"s"}"#)
    #expect(flat.key == "PK1" && flat.secret == "s" && flat.data == nil)
    #expect(try roundTrip(signIn) == signIn)
  }
}
