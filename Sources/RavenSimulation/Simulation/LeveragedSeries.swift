import RavenMarketData

extension PriceModel {
  /// The least a leveraged fund keeps of its value in one session (1 %): a −3× fund on a
  /// day its underlying gains a third would otherwise be worth nothing, and real ones
  /// halt and rebalance before that.
  static let leveragedFloor = 0.01

  /// A leveraged fund's sessions from its underlying's: every price is `leverage` times
  /// the underlying's return since the last close, so the multiple compounds daily and
  /// the fund decays in choppy markets as the real ones do (two sessions of +10 % and
  /// −9.09 % leave the underlying flat and a 3× fund 2.5 % down). The high and low are
  /// the underlying's (swapped for a short fund); the shares traded follow the
  /// underlying's busy and quiet days. Levels are anchored, as a stock's: zero at the
  /// close of the fund's anchor session.
  func leveragedSeries(
    _ fund: StockModel, leverage: Double, underlying: DailySeries, of underlyingStock: StockModel
  ) -> DailySeries {
    let count = calendar.sessions.count
    var openLevels = [Double](repeating: 0, count: count)
    var highLevels = [Double](repeating: 0, count: count)
    var lowLevels = [Double](repeating: 0, count: count)
    var closeLevels = [Double](repeating: 0, count: count)
    var intradayVolatility = [Double](repeating: 0, count: count)
    var volumes = [Int64](repeating: 0, count: count)
    /// The fund's log move for the underlying's from `from` to `to`.
    func move(from: Double, to: Double) -> Double {
      let simpleReturn = DeterministicMath.exp(to - from) - 1
      return DeterministicMath.log(max(1 + leverage * simpleReturn, Self.leveragedFloor))
    }
    let activity = fund.typicalVolume / underlyingStock.typicalVolume
    var lastClose = 0.0
    for session in 0..<count {
      let reference =
        session > 0 ? underlying.closeLevels[session - 1] : underlying.openLevels[session]
      let open = lastClose + move(from: reference, to: underlying.openLevels[session])
      let close = lastClose + move(from: reference, to: underlying.closeLevels[session])
      let up = lastClose + move(from: reference, to: underlying.highLevels[session])
      let down = lastClose + move(from: reference, to: underlying.lowLevels[session])
      openLevels[session] = open
      closeLevels[session] = close
      highLevels[session] = max(up, down, open, close)
      lowLevels[session] = min(up, down, open, close)
      intradayVolatility[session] = leverage.magnitude * underlying.intradayVolatility[session]
      let span = calendar.sessions[session]
      let minutes = Int64(span.close.timeIntervalSince(span.open)) / 60
      volumes[session] = max(
        minutes, Int64((Double(underlying.volumes[session]) * activity).rounded()))
      lastClose = close
    }
    let anchor = closeLevels[min(fund.anchorSession, count - 1)]
    for session in 0..<count {
      openLevels[session] -= anchor
      highLevels[session] -= anchor
      lowLevels[session] -= anchor
      closeLevels[session] -= anchor
    }
    return DailySeries(
      openLevels: openLevels, highLevels: highLevels, lowLevels: lowLevels,
      closeLevels: closeLevels, intradayVolatility: intradayVolatility, volumes: volumes)
  }
}
