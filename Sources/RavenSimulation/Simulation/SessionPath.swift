import Foundation
import RavenCore
import RavenMarketData

/// One stock's trading in one session, minute by minute, in cents.
///
/// Minute `k` covers `[open + k·60 s, open + (k+1)·60 s)`. Each minute opens where the
/// previous one closed, so the session's first open and last close are the daily
/// open and close, and the day's high and low are the minutes' extremes: bars,
/// quotes and daily candles all agree.
struct SessionPath: Sendable {
  let session: TradingSession
  let sessionIndex: Int
  let previousClose: Int64
  let opens: [Int64]
  let highs: [Int64]
  let lows: [Int64]
  let closes: [Int64]
  let volumes: [Int64]
  /// Draws the seconds inside each minute (see `tick`).
  let noise: DeterministicNoise

  var minutes: Int { opens.count }
  var open: Int64 { opens[0] }
  var close: Int64 { closes[minutes - 1] }

  init(model: PriceModel, stock: StockModel, sessionIndex: Int) {
    let session = model.calendar.sessions[sessionIndex]
    let minutes = Int(session.close.timeIntervalSince(session.open)) / 60
    let levels = model.intradayLevels(stock, session: sessionIndex, minutes: minutes)
    let barNoise = stock.symbolNoise.stream("bars").stream(sessionIndex)
    let minuteVolatility = stock.dailyVolatility / Double(minutes).squareRoot()
    let volume = Self.sessionVolume(stock, levels: levels, minutes: minutes, noise: barNoise)

    var opens = [Int64]()
    var highs = [Int64]()
    var lows = [Int64]()
    var closes = [Int64]()
    var volumes = [Int64]()
    opens.reserveCapacity(minutes)
    highs.reserveCapacity(minutes)
    lows.reserveCapacity(minutes)
    closes.reserveCapacity(minutes)
    volumes.reserveCapacity(minutes)
    var openCents = model.cents(stock, level: levels[0])
    for minute in 0..<minutes {
      let closeCents = model.cents(stock, level: levels[minute + 1])
      // Wicks beyond the open and close, in log terms so rounding keeps them outside.
      let upper =
        max(levels[minute], levels[minute + 1])
        + 0.5 * minuteVolatility * barNoise.normal(4 * minute).magnitude
      let lower =
        min(levels[minute], levels[minute + 1])
        - 0.5 * minuteVolatility * barNoise.normal(4 * minute + 1).magnitude
      opens.append(openCents)
      closes.append(closeCents)
      highs.append(max(model.cents(stock, level: upper), openCents, closeCents))
      lows.append(min(model.cents(stock, level: lower), openCents, closeCents))
      volumes.append(Self.minuteVolume(volume, minute: minute, of: minutes, noise: barNoise))
      openCents = closeCents
    }
    self.session = session
    self.sessionIndex = sessionIndex
    self.previousClose = model.cents(
      stock, level: model.closeLevel(stock, session: sessionIndex - 1))
    self.opens = opens
    self.highs = highs
    self.lows = lows
    self.closes = closes
    self.volumes = volumes
    self.noise = barNoise
  }

  /// Shares traded in the whole session: busier on big moves and short on half days.
  private static func sessionVolume(
    _ stock: StockModel, levels: [Double], minutes: Int, noise: DeterministicNoise
  ) -> Double {
    let move = (levels[minutes] - levels[0]).magnitude / stock.dailyVolatility
    let activity = noise.value(-1, in: 0.7...1.3) * (1 + 0.6 * move)
    return stock.typicalVolume * activity * Double(minutes) / 390
  }

  /// The U-shaped intraday volume curve: heavy at the open and into the close.
  private static func minuteVolume(
    _ session: Double, minute: Int, of minutes: Int, noise: DeterministicNoise
  ) -> Int64 {
    let position = 2 * (Double(minute) + 0.5) / Double(minutes) - 1
    let squared = position * position
    let shape = (0.5 + 2 * squared * squared) / 0.9  // mean of 0.5 + 2x⁴ over [-1, 1] is 0.9
    let jitter = noise.value(4 * minute + 2, in: 0.6...1.4)
    return max(1, Int64((session / Double(minutes) * shape * jitter).rounded()))
  }
}
