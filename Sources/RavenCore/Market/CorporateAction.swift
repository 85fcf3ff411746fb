/// Something a company does to its shares that changes what a holder owns or is paid: a
/// cash dividend, or a split (forward or reverse). Dated as Alpaca's corporate actions are:
/// declared on one day, applied to the price at the open of the ex-date, owed to whoever
/// holds the shares on the record date, paid on the payable date.
public struct CorporateAction: Sendable, Hashable, Identifiable {
  public enum Kind: Sendable, Hashable {
    /// Cash per share, in the raw price's terms of its ex-date. A special dividend is paid
    /// once, outside the company's regular schedule.
    case cashDividend(rate: Price, special: Bool)
    /// `new` shares for every `old` one held: 4 for 1 forward, 1 for 10 reverse.
    case split(SplitRatio)
  }

  /// Stable across runs: the symbol, the kind and the ex-date (`AAPL-DIV-2024-02-09`).
  public let id: String
  public let symbol: Symbol
  public let kind: Kind
  /// When the company announced it: nothing before this day may know of it. `nil` where
  /// the source does not say (Alpaca's market data API): what it lists is known already.
  public let declarationDate: MarketDate?
  /// The first session the shares trade without it: the price opens adjusted.
  public let exDate: MarketDate
  public let recordDate: MarketDate
  public let payableDate: MarketDate

  public init(
    symbol: Symbol, kind: Kind, declarationDate: MarketDate?, exDate: MarketDate,
    recordDate: MarketDate, payableDate: MarketDate
  ) {
    self.symbol = symbol
    self.kind = kind
    self.declarationDate = declarationDate
    self.exDate = exDate
    self.recordDate = recordDate
    self.payableDate = payableDate
    id = "\(symbol.rawValue)-\(kind.code)-\(exDate)"
  }

  /// Whether a holder could have read of it by `day`: declared by then, or listed by a
  /// source that does not say when it was.
  public func isKnown(on day: MarketDate) -> Bool {
    declarationDate.map { $0 <= day } ?? true
  }

  /// The dividend's cash per share; nil for a split.
  public var dividendRate: Price? {
    if case .cashDividend(let rate, _) = kind { return rate }
    return nil
  }

  /// The split's ratio; nil for a dividend.
  public var splitRatio: SplitRatio? {
    if case .split(let ratio) = kind { return ratio }
    return nil
  }
}

extension CorporateAction.Kind {
  /// `DIV`, `SPECIAL`, `SPLIT` or `REVERSE`: part of the action's id.
  var code: String {
    switch self {
    case .cashDividend(_, let special): special ? "SPECIAL" : "DIV"
    case .split(let ratio): ratio.isReverse ? "REVERSE" : "SPLIT"
    }
  }
}

/// How many shares a split turns `old` shares into.
public struct SplitRatio: Sendable, Hashable, CustomStringConvertible {
  public let new: Int
  public let old: Int

  /// Both positive and different; `nil` otherwise.
  public init?(new: Int, old: Int) {
    guard new > 0, old > 0, new != old else { return nil }
    self.new = new
    self.old = old
  }

  /// Fewer shares after than before.
  public var isReverse: Bool { new < old }

  /// "4:1", "1:10".
  public var description: String { "\(new):\(old)" }
}
