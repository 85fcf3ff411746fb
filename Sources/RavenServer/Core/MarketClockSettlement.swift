import Foundation
import Logging
import RavenBrokerage
import RavenCore
import RavenMarketData
import RavenStore

/// Settles the simulated market's clock at start with the one stored with the data: the
/// first `--sim-start` and `--sim-speed` are stored, and later starts continue that time
/// (the time the server was down passing at the stored speed), so resting orders never
/// see the market's time run backwards.
struct MarketClockSettlement {
  let store: any Store
  let logger: Logger

  /// The reason given on each order `--sim-reset` cancels.
  static let resetReason = "The simulated market was reset"

  func settle(_ clock: SimulationClock, request: MarketClockRequest) async throws {
    let stored = try await store.marketClock()
    let latestFill = try await store.latestFill()
    let wallNow = clock.wallNow
    let plan: MarketClockPlan
    do {
      plan = try MarketClockPlan.resolve(
        stored: stored, request: request, latestFill: latestFill, wallNow: wallNow)
    } catch {
      logger.critical("\(error.description)")
      throw error
    }
    if plan.cancelsOpenOrders {
      let canceledAt = stored?.time(atWall: wallNow) ?? wallNow
      try await cancelOpenOrders(at: canceledAt)
    }
    var running = plan.setting
    if plan.changed, let setting = plan.setting {
      if stored == nil {
        // A first start: servers started together on an empty database all get here; the
        // first to store its clock decides the market's time, and every one runs on it.
        running = try await store.claimMarketClock(setting, rewindMatchingTo: setting.market)
          .setting
      } else {
        try await store.saveMarketClock(setting, rewindMatchingTo: setting.market)
      }
    }
    clock.run(on: running)
    guard let setting = running else { return }
    logger.info(
      "Simulated market clock",
      metadata: [
        "now": "\(clock.now.formatted(.iso8601))", "speed": "\(setting.speed)",
        "start": "\(setting.start.formatted(.iso8601))",
        "continued": "\(stored?.start == setting.start && !request.reset)",
      ])
  }

  private func cancelOpenOrders(at time: Date) async throws {
    let open = try await store.openOrders()
    // A row that cannot be read cannot be canceled as an order: it is rejected instead,
    // so that one bad row never keeps the market from starting afresh.
    _ = try await OrderEngine.reject(open.unreadable, in: store, at: time, logger: logger)
    let canceled = try await store.changeOrders(
      open.orders.map { stored in
        OrderChange(
          orderID: stored.order.id, accountID: stored.accountID, version: nil,
          update: .end(.canceled, reason: Self.resetReason), time: time)
      })
    logger.notice(
      "The simulated market starts afresh (--sim-reset): its open orders are canceled",
      metadata: ["canceled": "\(canceled.count)"])
  }
}
