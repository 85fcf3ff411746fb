/// Answers in the shapes Alpaca's trading API documents (amounts as strings, history as
/// numbers, timestamps with microseconds).
enum AlpacaTradingFixtures {
  static let account = """
    {"id":"e6fe16f3-64a4-4921-8928-cadf02f92f98","account_number":"PA3XWJ5QVB2N",
    "status":"ACTIVE","currency":"USD","buying_power":"262113.632","regt_buying_power":"262113.632",
    "cash":"-23140.2","portfolio_value":"103820.56","equity":"103820.56",
    "last_equity":"103529.24","long_market_value":"126960.76","short_market_value":"0",
    "pattern_day_trader":false,"trading_blocked":false,"crypto_status":"ACTIVE"}
    """

  static let positions = """
    [{"asset_id":"b0b6dd9d-8b9b-48a9-ba46-b9d54906e415","symbol":"AAPL","exchange":"NASDAQ",
    "asset_class":"us_equity","avg_entry_price":"187.95","qty":"10","qty_available":"10",
    "side":"long","market_value":"1915.30","cost_basis":"1879.50","unrealized_pl":"35.80",
    "unrealized_plpc":"0.0190476190476190","unrealized_intraday_pl":"-4.20",
    "unrealized_intraday_plpc":"-0.0021882",
    "current_price":"191.53","lastday_price":"191.95","change_today":"-0.0021880698098463"},
    {"asset_id":"8ccae427-5dd0-45b3-b5fe-7ba5e422c766","symbol":"TSLA","exchange":"NASDAQ",
    "asset_class":"us_equity","avg_entry_price":"240.1","qty":"0.5","side":"long",
    "market_value":"121.005","cost_basis":"120.05","unrealized_pl":"0.955",
    "unrealized_plpc":"0.0079","unrealized_intraday_pl":"1.2","current_price":"242.01",
    "lastday_price":"239.61","change_today":"0.01"}]
    """

  static let history = """
    {"timestamp":[1763649000,1763649300,1763649600,1763649900],
    "equity":[103529.24,null,103700.5,103820.56],
    "profit_loss":[0,null,171.26,291.32],"profit_loss_pct":[0,null,0.0016,0.0028],
    "base_value":103529.24,"base_value_asof":"2025-11-19","timeframe":"5Min",
    "cashflow":{"CSD":[0,1000,0,0],"CSW":[0,0,0,-50.5],"DIV":[0,0,12.34,0]}}
    """

  static let filledOrder = """
    {"id":"61e69015-8549-4bfd-b9c3-01e75843f47d","client_order_id":"known-client-id",
    "created_at":"2025-11-20T14:46:40.123456Z","updated_at":"2025-11-20T14:46:41.2Z",
    "submitted_at":"2025-11-20T14:46:40.123456789Z","filled_at":"2025-11-20T14:46:41.000123Z",
    "expired_at":null,"canceled_at":null,"failed_at":null,"asset_id":"b0b6dd9d",
    "symbol":"AAPL","asset_class":"us_equity","notional":null,"qty":"2.5","filled_qty":"2.5",
    "filled_avg_price":"187.9512","order_class":"","order_type":"market","type":"market",
    "side":"buy","time_in_force":"day","limit_price":null,"stop_price":null,
    "status":"filled","extended_hours":false}
    """

  static let orders = """
    [\(filledOrder),
    {"id":"a1b2c3d4-0000-4bfd-b9c3-01e75843f47d","client_order_id":"c2",
    "created_at":"2025-11-20T14:40:00Z","submitted_at":"2025-11-20T14:40:00Z",
    "filled_at":null,"symbol":"MSFT","qty":"1","filled_qty":"0","filled_avg_price":null,
    "type":"market","side":"sell","time_in_force":"day","status":"accepted"},
    {"id":"c0000000-0000-4bfd-b9c3-01e75843f47d","client_order_id":"c3",
    "created_at":"2025-11-20T14:30:00Z","submitted_at":"2025-11-20T14:30:00Z",
    "symbol":"BTC/USD","asset_class":"crypto","qty":"0.01","filled_qty":"0.01",
    "type":"market","side":"buy","time_in_force":"gtc","status":"filled"}]
    """

  static func acceptedOrder(symbol: String, qty: String, side: String, clientOrderID: String?)
    -> String
  {
    """
    {"id":"0d9a5f5e-7c4b-4c1e-9f7a-8a4e3a1b2c3d","client_order_id":"\(clientOrderID ?? "generated")",
    "created_at":"2025-11-20T14:46:40Z","submitted_at":"2025-11-20T14:46:40.5Z",
    "filled_at":null,"symbol":"\(symbol)","qty":"\(qty)","filled_qty":"0",
    "filled_avg_price":null,"order_type":"market","type":"market","side":"\(side)",
    "time_in_force":"day","status":"accepted"}
    """
  }

  /// A trailing stop sell, partly filled, with its high-water mark: every field Raven's
  /// order has, in Alpaca's shapes (`trail_percent` and `hwm` are strings).
  static let trailingStopOrder = """
    {"id":"7c0ffee0-1111-4222-8333-944445555666","client_order_id":"bot-7",
    "created_at":"2025-11-20T15:00:00Z","updated_at":"2025-11-20T15:05:30Z",
    "submitted_at":"2025-11-20T15:00:00.25Z","filled_at":null,"expired_at":null,
    "canceled_at":null,"failed_at":null,"replaced_at":null,"replaced_by":null,
    "replaces":"61e69015-8549-4bfd-b9c3-01e75843f47d","symbol":"AAPL","notional":null,
    "qty":"10","filled_qty":"4","filled_avg_price":"185.1","order_class":"simple",
    "order_type":"trailing_stop","type":"trailing_stop","side":"sell","time_in_force":"gtc",
    "limit_price":null,"stop_price":"183.15","trail_percent":"1.5","trail_price":null,
    "hwm":"185.94","status":"partially_filled","extended_hours":false}
    """

  /// The new order a replace answers with: a limit buy for 5 at 180.5 replacing `replaced`.
  static func replacementOrder(replacing replaced: String) -> String {
    """
    {"id":"9e000000-aaaa-4bbb-8ccc-dddddddddddd","client_order_id":"replaced-1",
    "created_at":"2025-11-20T15:10:00Z","updated_at":"2025-11-20T15:10:00Z",
    "submitted_at":"2025-11-20T15:10:00Z","replaces":"\(replaced)","symbol":"AAPL",
    "qty":"5","filled_qty":"0","type":"limit","side":"buy","time_in_force":"gtc",
    "limit_price":"180.5","status":"pending_new"}
    """
  }
}
