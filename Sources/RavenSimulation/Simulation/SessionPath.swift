import Foundation
import RavenCore
import RavenMarketData

/// One stock's trading in one session, minute by minute, in cents as it traded (raw:
/// the model's levels times the session's factor from the corporate actions).
///
/// Minute `k` covers `[open + k·60 s, open + (k+1)·60 s)`. Each minute opens where the
/// previous one closed. The minutes are drawn to fit the session the daily series
/// decided: the first open and last close are its open and close, the minutes' highest
/// high and lowest low are its high and low, and their volumes add up to its volume, so
/// bars of every size, quotes and daily candles all agree.
struct SessionPath: Sendable {
  let session: TradingSession
  let sessionIndex: Int
  let previousClose: Int64
  let opens: [Int64]
  let highs: [Int64]
  let lows: [Int64]
  let closes: [Int64]
  let volumes: [Int64]
  /// The session's volume in the model's shares (those of the anchor): the raw volume
  /// is this over the session's split factor.
  let modelVolume: Int64
  /// Draws the seconds inside each minute (see `tick`).
  let noise: DeterministicNoise

  var minutes: Int { opens.count }
  var open: Int64 { opens[0] }
  var close: Int64 { closes[minutes - 1] }

  init(
    model: PriceModel, stock: StockModel, sessionIndex: Int, daily: DailySeries,
    actions: CorporateActionSchedule
  ) {
    let session = model.calendar.sessions[sessionIndex]
    let minutes = Int(session.close.timeIntervalSince(session.open)) / 60
    let barNoise = stock.symbolNoise.stream("bars").stream(sessionIndex)
    let shape = IntradayShape(minutes: minutes, noise: barNoise)
    let walk = IntradayWalk(
      model: model, stock: stock, sessionIndex: sessionIndex, daily: daily, shape: shape)

    var opens = [Int64]()
    var highs = [Int64]()
    var lows = [Int64]()
    var closes = [Int64]()
    opens.reserveCapacity(minutes)
    highs.reserveCapacity(minutes)
    lows.reserveCapacity(minutes)
    closes.reserveCapacity(minutes)
    let factor = actions.factor(session: sessionIndex)
    func cents(_ level: Double) -> Int64 { model.cents(stock, level: level, factor: factor.raw) }
    var openCents = cents(walk.levels[0])
    for minute in 0..<minutes {
      let closeCents = cents(walk.levels[minute + 1])
      opens.append(openCents)
      closes.append(closeCents)
      highs.append(max(cents(walk.highs[minute]), openCents, closeCents))
      lows.append(min(cents(walk.lows[minute]), openCents, closeCents))
      openCents = closeCents
    }
    self.session = session
    self.sessionIndex = sessionIndex
    self.previousClose = model.cents(
      stock, level: sessionIndex > 0 ? daily.closeLevels[sessionIndex - 1] : walk.levels[0],
      factor: actions.previousCloseFactor(session: sessionIndex))
    self.opens = opens
    self.highs = highs
    self.lows = lows
    self.closes = closes
    self.volumes = shape.volumes(sharing: factor.shares(daily.volumes[sessionIndex]))
    self.modelVolume = daily.volumes[sessionIndex]
    self.noise = barNoise
  }
}

/// The U-shaped rhythm of a session: trading (and with it the price's variance) is
/// heavy at the open and into the close and thin at midday.
struct IntradayShape {
  /// Each minute's share of the session's volume and variance; they add up to one.
  let weights: [Double]
  let noise: DeterministicNoise

  init(minutes: Int, noise: DeterministicNoise) {
    var weights = (0..<minutes).map { minute in
      let position = 2 * (Double(minute) + 0.5) / Double(minutes) - 1
      let squared = position * position
      return (0.5 + 2 * squared * squared) * noise.value(4 * minute + 2, in: 0.6...1.4)
    }
    let total = weights.reduce(0, +)
    for minute in weights.indices { weights[minute] /= total }
    self.weights = weights
    self.noise = noise
  }

  /// `total` shares split over the minutes by weight, at least one each: the running sum
  /// is rounded down at every minute, so the minutes add up to `total` exactly.
  func volumes(sharing total: Int64) -> [Int64] {
    let spread = Double(max(total - Int64(weights.count), 0))
    var volumes = [Int64]()
    volumes.reserveCapacity(weights.count)
    var cumulative = 0.0
    var allotted: Int64 = 0
    for (minute, weight) in weights.enumerated() {
      cumulative += weight
      let through = minute == weights.count - 1 ? Int64(spread) : Int64(spread * cumulative)
      volumes.append(1 + max(through - allotted, 0))
      allotted = max(through, allotted)
    }
    return volumes
  }
}
