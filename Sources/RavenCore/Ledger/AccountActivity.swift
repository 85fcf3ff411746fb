import Foundation

/// One thing that moved an account's cash or shares, as its history lists it: a fill, a
/// dividend (pending until its payable date, then paid), a split, or a deposit or
/// withdrawal.
public struct AccountActivity: Sendable, Hashable, Codable {
  public enum Kind: String, Sendable, Hashable, Codable {
    case fill
    case dividend
    case split
    case deposit
    case withdrawal
  }

  /// A fill's trade ID; an action's ID (`AAPL-DIV-2026-02-09`); `transfer-7`.
  public var id: String
  public var kind: Kind
  /// The security; nil for a deposit or withdrawal.
  public var symbol: Symbol?
  /// When it happened: a fill's time, a split's or dividend's ex-date open.
  public var time: Date
  /// A fill's side.
  public var side: TradeSide?
  /// A fill's shares; the shares a dividend was owed on; the shares after a split; nil
  /// for a deposit or withdrawal.
  public var shares: Quantity?
  /// The shares before a split.
  public var sharesBefore: Quantity?
  /// A fill's price.
  public var price: Price?
  /// The cash it moved: a buy's cost and a withdrawal negative, a sale's proceeds, a
  /// dividend and a deposit positive (a short's dividend negative), a split zero.
  public var amount: Money
  /// A sale's (or a cover's) realized profit; nil for anything else.
  public var realizedProfit: Money?
  /// `filled`; a dividend's `pending` or `paid`; a split's `booked`; a transfer's
  /// `completed`.
  public var status: String
  /// When a dividend's cash arrives.
  public var payableDate: MarketDate?

  public init(
    id: String, kind: Kind, symbol: Symbol?, time: Date, side: TradeSide? = nil,
    shares: Quantity?, sharesBefore: Quantity? = nil, price: Price? = nil, amount: Money,
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
    let micros = Self.micros(activity.time)
    let mine = Self.micros(time)
    return micros < mine || (micros == mine && Self.idOrder(activity.id, id))
  }

  static func micros(_ time: Date) -> Int64 {
    Int64((time.timeIntervalSince1970 * 1_000_000).rounded())
  }

  /// Whether `first` is the older of two activities at one instant: trade IDs by number
  /// (trade 9 before trade 10), other IDs as text.
  static func idOrder(_ first: String, _ second: String) -> Bool {
    if first.allSatisfy(\.isASCIIDigit) && second.allSatisfy(\.isASCIIDigit) {
      return (first.count, first) < (second.count, second)
    }
    return first < second
  }
}

extension [AccountActivity] {
  /// Newest first. Fills in the order they were made (a ledger's trades by number: an order's
  /// fill is stamped with its minute's start, a simple trade with its second, so their times
  /// alone could misorder them), splits and dividends by time among them, a fill before a
  /// booking at the same instant (a booking comes at the open, before that minute is matched).
  public func newestFirst() -> [AccountActivity] {
    let fills = filter { $0.kind == .fill }.sorted { first, second in
      let numbered = first.id.allSatisfy(\.isASCIIDigit) && second.id.allSatisfy(\.isASCIIDigit)
      return numbered
        ? ActivityCursor.idOrder(second.id, first.id)
        : (first.time, first.id) > (second.time, second.id)
    }
    let bookings = filter { $0.kind != .fill }.sorted { ($0.time, $0.id) > ($1.time, $1.id) }
    var merged: [AccountActivity] = []
    merged.reserveCapacity(count)
    var (fill, booking) = (0, 0)
    while fill < fills.count || booking < bookings.count {
      if booking == bookings.count
        || (fill < fills.count && fills[fill].time >= bookings[booking].time)
      {
        merged.append(fills[fill])
        fill += 1
      } else {
        merged.append(bookings[booking])
        booking += 1
      }
    }
    return merged
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
