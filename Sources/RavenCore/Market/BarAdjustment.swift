/// Which corporate actions a price history is adjusted for, as Alpaca's `adjustment`
/// names them. Prices as they traded are `raw`; `split` divides every price before a
/// split by its ratio (and multiplies the volume), so a chart shows no fake crash;
/// `dividend` lowers every price before an ex-date by the dividend's share of the close
/// before it; `all` does both (the total-return history).
///
/// Adjusted prices are as of the instant a history is asked at: actions whose ex-date
/// had not come by then do not adjust it.
public enum BarAdjustment: String, Sendable, Hashable, CaseIterable, Codable {
  case raw
  case split
  case dividend
  case all

  /// Whether splits adjust prices and volumes.
  public var adjustsSplits: Bool { self == .split || self == .all }
  /// Whether dividends adjust prices.
  public var adjustsDividends: Bool { self == .dividend || self == .all }
}

extension BarResolution {
  /// "intraday bars adjusted for splits", "daily bars as they traded": what a provider
  /// that cannot serve them names in its refusal.
  public func barsDescription(adjustedFor adjustment: BarAdjustment) -> String {
    let bars = isIntraday ? "intraday bars" : "daily, weekly and monthly bars"
    switch adjustment {
    case .raw: return "\(bars) as they traded"
    case .split: return "\(bars) adjusted for splits"
    case .dividend: return "\(bars) adjusted for dividends"
    case .all: return "\(bars) adjusted for splits and dividends"
    }
  }
}
