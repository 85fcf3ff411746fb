import Foundation
import Logging
import RavenCore
import RavenStore

/// One order the engine cannot read or apply never stops it: the order is ended
/// `rejected` with a reason, logged once (it is no longer open after), and the pass goes
/// on with every other account's orders.
extension OrderEngine {
  /// The reason given on an order whose stored row could not be read.
  public static let unreadableReason = "Rejected: Raven could not read this order"
  /// The reason given on an order a fill or an end could not be applied to.
  public static let unappliedReason = "Rejected: Raven could not apply a change to this order"

  /// Rejects the open orders of `store` whose rows could not be read, each logged once
  /// (it is no longer open after); returns those that read back. The engine's passes and
  /// `--sim-reset` (which cancels every open order, and cannot cancel these) both use it.
  public static func reject(
    _ unreadable: [UnreadableOrder], in store: any Store, at time: Date, logger: Logger
  ) async throws -> [StoredOrder] {
    var rejected: [StoredOrder] = []
    for order in unreadable {
      logger.error(
        "An open order cannot be read; it is rejected",
        metadata: [
          "order": "\(order.id)", "account": "\(order.accountID)", "problem": "\(order.problem)",
        ])
      if let stored = try await store.rejectOrder(
        id: order.id, accountID: order.accountID, reason: unreadableReason, at: time)
      {
        rejected.append(stored)
      }
    }
    return rejected
  }

  /// Applies `changes` in one transaction as `Store.changeOrders` does. When one of them
  /// cannot be applied (its row unreadable, a value too large to keep, the ledger
  /// refusing), each is applied alone instead and the ones that fail are rejected.
  /// Returns the orders changed, and the IDs of those rejected (whether or not they read
  /// back).
  func apply(_ changes: [OrderChange], matchedThrough: Date? = nil) async throws
    -> (changed: [StoredOrder], rejected: Set<UUID>)
  {
    switch await changeOrders(changes, matchedThrough: matchedThrough) {
    case .success(let changed):
      return (changed, [])
    case .failure(let error) where changes.isEmpty || !Self.isOneOrders(error):
      throw error
    case .failure:
      break
    }
    var changed: [StoredOrder] = []
    var rejected = Set<UUID>()
    for change in changes {
      switch await changeOrders([change], matchedThrough: nil) {
      case .success(let orders):
        changed += orders
      case .failure(.notFound):
        continue  // The order is gone: nothing to apply, nothing to reject.
      case .failure(let error) where Self.isOneOrders(error):
        logger.error(
          "A change cannot be applied to an order; it is rejected",
          metadata: [
            "order": "\(change.orderID)", "account": "\(change.accountID)", "error": "\(error)",
          ])
        rejected.insert(change.orderID)
        if let stored = try await store.rejectOrder(
          id: change.orderID, accountID: change.accountID, reason: Self.unappliedReason,
          at: change.time)
        {
          changed.append(stored)
        }
      case .failure(let error):
        throw error
      }
    }
    if let matchedThrough {
      _ = try await store.changeOrders([], matchedThrough: matchedThrough)
    }
    return (changed, rejected)
  }

  private func changeOrders(_ changes: [OrderChange], matchedThrough: Date?) async
    -> Result<[StoredOrder], StoreError>
  {
    do {
      return .success(try await store.changeOrders(changes, matchedThrough: matchedThrough))
    } catch {
      return .failure(error)
    }
  }

  /// Whether a failure may be one order's own (its row, its values, the ledger's refusal,
  /// the order gone) rather than the database's, whose passes are tried again later.
  static func isOneOrders(_ error: StoreError) -> Bool {
    switch error {
    case .corrupt, .unstorable, .order, .goal, .notFound, .accountClosed: true
    case .transfer, .minuteVolumeTaken: false
    case .usernameTaken, .accountNameTaken, .tooManyAccounts, .openOrders, .lastAccount,
      .unavailable:
      false
    }
  }
}
