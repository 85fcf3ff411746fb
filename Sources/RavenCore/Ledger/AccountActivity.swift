import Foundation

/// One thing that moved an account's cash or shares, as its history lists it: a fill, a
/// dividend (pending until its payable date, then paid) or a split.
public struct AccountActivity: Sendable, Hashable, Codable {
  public enum Kind: String, Sendable, Hashable, Codable {
    case fill
    case dividend
    case split
  }

  /// A fill's trade ID; an action's ID (`AAPL-DIV-2026-02-09`).
  public var id: String
  public var kind: Kind
  public var symbol: Symbol
  /// When it happened: a fill's time, a split's or dividend's ex-date open.
  public var time: Date
  /// A fill's side.
  public var side: TradeSide?
  /// A fill's shares; the shares a dividend was owed on; the shares after a split.
  public var shares: Quantity
  /// The shares before a split.
  public var sharesBefore: Quantity?
  /// A fill's price.
  public var price: Price?
  /// The cash it moved: a buy's cost negative, a sale's proceeds and a dividend positive (a
  /// short's dividend negative), a split zero.
  public var amount: Money
  /// A sale's (or a cover's) realized profit; nil for anything else.
  public var realizedProfit: Money?
  /// `filled`; a dividend's `pending` or `paid`; a split's `booked`.
  public var status: String
  /// When a dividend's cash arrives.
  public var payableDate: MarketDate?

  public init(
    id: String, kind: Kind, symbol: Symbol, time: Date, side: TradeSide? = nil,
    shares: Quantity, sharesBefore: Quantity? = nil, price: Price? = nil, amount: Money,
    realizedProfit: Money? = nil, status: String, payableDate: MarketDate? = nil
  ) {
    self.id = id
    self.kind = kind
    self.symbol = symbol
    self.time = time
    self.side = side
    self.shares = shares
    self.sharesBefore = sharesBefore
    self.price = price
    self.amount = amount
    self.realizedProfit = realizedProfit
    self.status = status
    self.payableDate = payableDate
  }

  enum CodingKeys: String, CodingKey {
    case id, kind, symbol, time, side, shares, sharesBefore, price, amount, realizedProfit
    case status, payableDate
  }

  /// Every key written, `null` where a kind has no value: a client reads one shape.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(kind, forKey: .kind)
    try container.encode(symbol, forKey: .symbol)
    try container.encode(time, forKey: .time)
    try container.encode(side, forKey: .side)
    try container.encode(shares, forKey: .shares)
    try container.encode(sharesBefore, forKey: .sharesBefore)
    try container.encode(price, forKey: .price)
    try container.encode(amount, forKey: .amount)
    try container.encode(realizedProfit, forKey: .realizedProfit)
    try container.encode(status, forKey: .status)
    try container.encode(payableDate, forKey: .payableDate)
  }
}

/// Where a page of activities ends: its last activity's time and ID. Pages run newest
/// first; the next page is what comes strictly before.
public struct ActivityCursor: Sendable, Hashable, LosslessStringConvertible {
  public var time: Date
  public var id: String

  public init(time: Date, id: String) {
    self.time = time
    self.id = id
  }

  public init(_ activity: AccountActivity) {
    self.init(time: activity.time, id: activity.id)
  }

  /// `microseconds:id`.
  public init?(_ description: String) {
    guard let colon = description.firstIndex(of: ":"),
      let micros = Int64(description[..<colon])
    else { return nil }
    let id = String(description[description.index(after: colon)...])
    guard !id.isEmpty else { return nil }
    self.init(time: Date(timeIntervalSince1970: Double(micros) / 1_000_000), id: id)
  }

  public var description: String {
    "\(Int64((time.timeIntervalSince1970 * 1_000_000).rounded())):\(id)"
  }

  /// Whether `activity` comes after this cursor in newest-first order.
  public func precedes(_ activity: AccountActivity) -> Bool {
    let micros = Int64((activity.time.timeIntervalSince1970 * 1_000_000).rounded())
    let mine = Int64((time.timeIntervalSince1970 * 1_000_000).rounded())
    return micros < mine || (micros == mine && activity.id < id)
  }
}

extension [AccountActivity] {
  /// Newest first; at one instant by ID, descending (a stable order for paging).
  public func newestFirst() -> [AccountActivity] {
    sorted { ($0.time, $0.id) > ($1.time, $1.id) }
  }
}
