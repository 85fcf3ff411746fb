import Foundation
import RavenCore
import RavenHTTP

/// The trading API's answers in the shapes its reference gives, as `JSONDecoder` reads them.
/// Amounts are strings (`"cash": "100000.5"`), read exactly as written; a field with a
/// fallback is read leniently, so that an odd value there does not spoil the whole answer.
extension AlpacaTradingDecoding {
  /// `/v2/account`.
  struct AccountAnswer: Decodable {
    var accountNumber: String?
    var status: String?
    var currency: String?
    var cash: UpstreamDecimal
    var equity: UpstreamDecimal
    /// `nil` when missing or unreadable: the equity stands in.
    var lastEquity: ExactDecimal?
    /// `nil` when missing or unreadable: none.
    var buyingPower: ExactDecimal?

    enum CodingKeys: String, CodingKey {
      case accountNumber = "account_number"
      case status, currency, cash, equity
      case lastEquity = "last_equity"
      case buyingPower = "buying_power"
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      accountNumber = try container.decodeIfPresent(String.self, forKey: .accountNumber)
      status = try container.decodeIfPresent(String.self, forKey: .status)
      currency = try container.decodeIfPresent(String.self, forKey: .currency)
      cash = try container.decode(UpstreamDecimal.self, forKey: .cash)
      equity = try container.decode(UpstreamDecimal.self, forKey: .equity)
      lastEquity = container.decimalIfReadable(forKey: .lastEquity)
      buyingPower = container.decimalIfReadable(forKey: .buyingPower)
    }
  }

  /// One element of `/v2/positions`.
  struct PositionAnswer: Decodable {
    var symbol: String
    var qty: UpstreamDecimal
    var avgEntryPrice: UpstreamDecimal
    var costBasis: UpstreamDecimal
    var currentPrice: UpstreamDecimal
    var marketValue: UpstreamDecimal
    var unrealizedPL: UpstreamDecimal
    /// `nil` when missing or unreadable: the current price stands in.
    var lastdayPrice: ExactDecimal?
    /// `nil` when missing or unreadable: no change.
    var unrealizedIntradayPL: ExactDecimal?

    enum CodingKeys: String, CodingKey {
      case symbol, qty
      case avgEntryPrice = "avg_entry_price"
      case costBasis = "cost_basis"
      case currentPrice = "current_price"
      case marketValue = "market_value"
      case unrealizedPL = "unrealized_pl"
      case lastdayPrice = "lastday_price"
      case unrealizedIntradayPL = "unrealized_intraday_pl"
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      symbol = try container.decode(String.self, forKey: .symbol)
      qty = try container.decode(UpstreamDecimal.self, forKey: .qty)
      avgEntryPrice = try container.decode(UpstreamDecimal.self, forKey: .avgEntryPrice)
      costBasis = try container.decode(UpstreamDecimal.self, forKey: .costBasis)
      currentPrice = try container.decode(UpstreamDecimal.self, forKey: .currentPrice)
      marketValue = try container.decode(UpstreamDecimal.self, forKey: .marketValue)
      unrealizedPL = try container.decode(UpstreamDecimal.self, forKey: .unrealizedPL)
      lastdayPrice = container.decimalIfReadable(forKey: .lastdayPrice)
      unrealizedIntradayPL = container.decimalIfReadable(forKey: .unrealizedIntradayPL)
    }
  }

  /// `/v2/account/portfolio/history`: parallel `timestamp` (seconds) and `equity` arrays,
  /// numbers both.
  struct HistoryAnswer: Decodable {
    var timestamp: [Int64]
    /// `null` where there is no data for that time.
    var equity: [Decimal?]
    /// `nil` when missing or not a number.
    var baseValue: Decimal?

    enum CodingKeys: String, CodingKey {
      case timestamp, equity
      case baseValue = "base_value"
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      timestamp = try container.decode([Int64].self, forKey: .timestamp)
      equity = try container.decode([Decimal?].self, forKey: .equity)
      baseValue = try? container.decode(Decimal.self, forKey: .baseValue)
    }
  }

  /// One order of `/v2/orders`. Beyond what a simple trade needs, every field is read
  /// leniently: an order Raven cannot fully describe still reads as a trade.
  struct OrderAnswer: Decodable {
    var id: String
    var clientOrderID: String?
    var symbol: String
    var side: String
    var status: String
    var submittedAt: String?
    var createdAt: String?
    var updatedAt: String?
    var filledAt: String?
    var canceledAt: String?
    var expiredAt: String?
    var failedAt: String?
    var replacedAt: String?
    var replacedBy: String?
    var replaces: String?
    /// `type` (`order_type` in older answers).
    var type: String?
    var timeInForce: String?
    /// `nil` for a notional order, or when unreadable.
    var qty: ExactDecimal?
    var notional: ExactDecimal?
    var filledQty: ExactDecimal?
    var filledAvgPrice: ExactDecimal?
    var limitPrice: ExactDecimal?
    var stopPrice: ExactDecimal?
    var trailPrice: ExactDecimal?
    var trailPercent: ExactDecimal?
    var hwm: ExactDecimal?

    enum CodingKeys: String, CodingKey {
      case id
      case clientOrderID = "client_order_id"
      case symbol, side, status, type, qty, notional, hwm
      case orderType = "order_type"
      case timeInForce = "time_in_force"
      case submittedAt = "submitted_at"
      case createdAt = "created_at"
      case updatedAt = "updated_at"
      case filledAt = "filled_at"
      case canceledAt = "canceled_at"
      case expiredAt = "expired_at"
      case failedAt = "failed_at"
      case replacedAt = "replaced_at"
      case replacedBy = "replaced_by"
      case replaces
      case filledQty = "filled_qty"
      case filledAvgPrice = "filled_avg_price"
      case limitPrice = "limit_price"
      case stopPrice = "stop_price"
      case trailPrice = "trail_price"
      case trailPercent = "trail_percent"
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      func text(_ key: CodingKeys) -> String? { try? container.decode(String.self, forKey: key) }
      id = try container.decode(String.self, forKey: .id)
      symbol = try container.decode(String.self, forKey: .symbol)
      side = try container.decode(String.self, forKey: .side)
      status = try container.decode(String.self, forKey: .status)
      clientOrderID = text(.clientOrderID)
      submittedAt = text(.submittedAt)
      createdAt = text(.createdAt)
      updatedAt = text(.updatedAt)
      filledAt = text(.filledAt)
      canceledAt = text(.canceledAt)
      expiredAt = text(.expiredAt)
      failedAt = text(.failedAt)
      replacedAt = text(.replacedAt)
      replacedBy = text(.replacedBy)
      replaces = text(.replaces)
      type = text(.type) ?? text(.orderType)
      timeInForce = text(.timeInForce)
      qty = container.decimalIfReadable(forKey: .qty)
      notional = container.decimalIfReadable(forKey: .notional)
      filledQty = container.decimalIfReadable(forKey: .filledQty)
      filledAvgPrice = container.decimalIfReadable(forKey: .filledAvgPrice)
      limitPrice = container.decimalIfReadable(forKey: .limitPrice)
      stopPrice = container.decimalIfReadable(forKey: .stopPrice)
      trailPrice = container.decimalIfReadable(forKey: .trailPrice)
      trailPercent = container.decimalIfReadable(forKey: .trailPercent)
      hwm = container.decimalIfReadable(forKey: .hwm)
    }
  }
}
