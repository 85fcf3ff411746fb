import Foundation
import RavenCore
import RavenMarketData

/// How one finished session's bars as they traded become adjusted ones: every price
/// times the session's multiplier, kept to a hundredth of a cent (as Alpaca's adjusted
/// bars are), and, when splits adjust, the volume in the shares of the instant asked at.
///
/// Scaling is monotone, so the adjusted minutes' highest high is the adjusted day's high;
/// the adjusted volume is shared over the minutes as the raw one is, so the minutes add
/// up to the adjusted day's volume exactly.
struct BarScaling {
  /// Adjusted price ÷ raw price.
  let prices: Double
  /// The split factor of the instant asked at, when splits adjust volumes.
  let volumeFactor: ActionFactor?

  /// A raw price in cents, scaled; in cents when it comes out whole cents.
  func price(cents: Int64) -> Price {
    let units = max(1, Int64((Double(cents) * 100 * prices).rounded()))
    return units % 100 == 0 ? Price(cents: units / 100) : Price(basisUnits: units)
  }

  /// The adjusted volume of a session whose volume in the model's shares is `modelVolume`;
  /// nil when it stays as it traded.
  func volume(modelVolume: Int64) -> Int64? {
    volumeFactor?.shares(modelVolume)
  }

  /// Every minute of a finished session, adjusted.
  func minutes(of path: SessionPath) -> [Bar] {
    let volumes = volume(modelVolume: path.modelVolume).map(path.volumes(sharing:))
    return (0..<path.minutes).map { minute in
      Bar(
        time: path.session.open.addingTimeInterval(TimeInterval(minute * 60)),
        open: price(cents: path.opens[minute]), high: price(cents: path.highs[minute]),
        low: price(cents: path.lows[minute]), close: price(cents: path.closes[minute]),
        volume: volumes?[minute] ?? path.volumes[minute])
    }
  }

  /// The scalings of one security's sessions for one adjustment as of one instant.
  struct Source {
    let actions: CorporateActionSchedule
    let adjustment: BarAdjustment
    /// The latest session opened at the instant asked at.
    let asOf: Int?

    init(market: SimulatedMarket, stock: StockModel, adjustment: BarAdjustment, asOf now: Date) {
      actions = market.schedule(stock)
      self.adjustment = adjustment
      asOf =
        adjustment == .raw ? nil : market.calendar.latestSessionIndex(openedAtOrBefore: now)
    }

    /// How `session`'s bars are adjusted; nil when they are served as they traded (no
    /// action of the adjustment's kinds has gone ex since).
    func scaling(session: Int) -> BarScaling? {
      guard let asOf else { return nil }
      let multiplier = actions.adjustment(adjustment, session: session, asOf: asOf)
      guard !multiplier.isOne else { return nil }
      return BarScaling(
        prices: multiplier.raw,
        volumeFactor: adjustment.adjustsSplits && multiplier.split != 1
          ? actions.factor(session: asOf) : nil)
    }
  }
}

extension SessionPath {
  /// `total` shares shared over the session's minutes as its own volume is.
  func volumes(sharing total: Int64) -> [Int64] {
    IntradayShape(minutes: minutes, noise: noise).volumes(sharing: total)
  }
}
