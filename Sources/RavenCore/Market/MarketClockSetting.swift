import Foundation

/// Where the simulated market's clock stands: it read `market` when the wall clock read
/// `wall`, and runs `speed` times real time from there (`raven serve --sim-speed`).
///
/// The setting is stored with the data: resting orders must never see the market's time
/// run backwards, so a restart continues it (the time the server was down passing at the
/// stored speed) instead of starting it again from `--sim-start`.
public struct MarketClockSetting: Sendable, Hashable, Codable {
  /// The `--sim-start` this market was started from (or last reset to).
  public var start: Date
  /// The market's time at `wall`.
  public var market: Date
  /// The wall clock's time when the market read `market`.
  public var wall: Date
  /// How many market seconds pass in one real second; positive.
  public var speed: Double

  public init(start: Date, market: Date, wall: Date, speed: Double) {
    self.start = start
    self.market = market
    self.wall = wall
    self.speed = speed
  }

  /// The market's time when the wall clock reads `instant`.
  public func time(atWall instant: Date) -> Date {
    market.addingTimeInterval(instant.timeIntervalSince(wall) * speed)
  }

  /// The fastest a market may run: a trading day (6.5 hours) in under two seconds is
  /// already more than the engine can match minute by minute as it goes.
  public static let maximumSpeed: Double = 10_000
}

/// What `raven serve` asked of the simulated market's clock.
public struct MarketClockRequest: Sendable, Hashable {
  /// `--sim-start`: the market instant to run from.
  public var start: Date?
  /// `--sim-speed`: market seconds per real second.
  public var speed: Double?
  /// `--sim-reset`: start the market afresh, canceling its open orders.
  public var reset: Bool

  public init(start: Date? = nil, speed: Double? = nil, reset: Bool = false) {
    self.start = start
    self.speed = speed
    self.reset = reset
  }
}

/// What to do with the stored clock at start: the setting to run on (nil: the market
/// keeps real time), whether to store it, and whether to cancel the open orders.
public struct MarketClockPlan: Sendable, Hashable {
  public var setting: MarketClockSetting?
  /// The setting differs from the stored one and must be saved.
  public var changed: Bool
  /// `--sim-reset`: the open orders are canceled.
  public var cancelsOpenOrders: Bool

  public init(setting: MarketClockSetting?, changed: Bool, cancelsOpenOrders: Bool) {
    self.setting = setting
    self.changed = changed
    self.cancelsOpenOrders = cancelsOpenOrders
  }

  /// Decides how the market's clock runs from the stored setting, the request and the
  /// time of the data's latest fill, with the wall clock reading `wallNow`.
  ///
  /// - A request without `--sim-start`, or with the stored one, continues the stored
  ///   time; a new `--sim-speed` applies from the market's current time on.
  /// - A new `--sim-start` starts the market there, unless that is before the latest
  ///   fill: time would run backwards under the data, so that is refused unless
  ///   `--sim-reset` asks to start afresh.
  public static func resolve(
    stored: MarketClockSetting?, request: MarketClockRequest, latestFill: Date?, wallNow: Date
  ) throws(MarketClockError) -> MarketClockPlan {
    if let speed = request.speed, !(speed > 0 && speed <= MarketClockSetting.maximumSpeed) {
      throw .invalidSpeed(speed)
    }
    if let stored, !request.reset, request.start == nil || request.start == stored.start {
      guard let speed = request.speed, speed != stored.speed else {
        return MarketClockPlan(setting: stored, changed: false, cancelsOpenOrders: false)
      }
      let current = stored.time(atWall: wallNow)
      return MarketClockPlan(
        setting: MarketClockSetting(
          start: stored.start, market: current, wall: wallNow, speed: speed),
        changed: true, cancelsOpenOrders: false)
    }
    guard
      let start = request.start ?? (request.reset ? stored?.start : nil)
        ?? request.speed.map({ _ in wallNow })
    else {
      // Neither stored nor asked for: the market keeps real time.
      return MarketClockPlan(setting: nil, changed: false, cancelsOpenOrders: request.reset)
    }
    if !request.reset, let latestFill, start < latestFill {
      throw .wouldRunBackwards(
        start: start, latestFill: latestFill, stored: stored.map { $0.time(atWall: wallNow) })
    }
    let speed = request.speed ?? stored?.speed ?? 1
    return MarketClockPlan(
      setting: MarketClockSetting(start: start, market: start, wall: wallNow, speed: speed),
      changed: true, cancelsOpenOrders: request.reset)
  }
}

/// Why the market's clock cannot run as asked; the message says what to do instead.
public enum MarketClockError: Error, Hashable, CustomStringConvertible {
  case invalidSpeed(Double)
  /// `--sim-start` is before the data's latest fill; `stored` is the market's time if it
  /// continued.
  case wouldRunBackwards(start: Date, latestFill: Date, stored: Date?)

  public var description: String {
    switch self {
    case .invalidSpeed(let speed):
      return "The simulated market's speed must be above 0 and at most "
        + "\(Int(MarketClockSetting.maximumSpeed)), got \(speed)"
    case .wouldRunBackwards(let start, let latestFill, let stored):
      let continuing = stored.map { " (the market's time is now \($0.formatted(.iso8601)))" } ?? ""
      return "The data has fills up to \(latestFill.formatted(.iso8601)), so --sim-start "
        + "\(start.formatted(.iso8601)) would run the market's time backwards. Start without "
        + "--sim-start to continue the stored market time\(continuing), or add --sim-reset "
        + "to start the market afresh (its open orders are canceled)."
    }
  }
}
