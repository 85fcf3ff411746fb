import RavenCore

/// The open orders' holds of the accounts one transaction changes orders of: read once per
/// account, then kept up to date as each change writes its order. An engine pass filling
/// many orders of one account read all its open orders again for each fill, and the pass
/// holds the store's writer (SQLite) or the accounts' locks (PostgreSQL) until it commits:
/// with a few hundred orders waiting for volume that was about a second in which no order
/// could be placed (BENCHMARKS.md, issue 38). Lives inside one transaction; not shared.
package final class OpenHoldsMemo {
  private var holds: [AccountID: [OpenHold]] = [:]

  package init() {}

  /// The account's holds as last read or changed here; nil until read.
  package subscript(account: AccountID) -> [OpenHold]? {
    get { holds[account] }
    set { holds[account] = newValue }
  }

  /// `order`'s row was written: its hold replaces the one it had, or goes once it is
  /// no longer open.
  package func changed(_ order: StoredOrder) {
    guard var known = holds[order.accountID] else { return }
    known.removeAll { $0.orderID == order.order.id }
    if order.order.status.isOpen { known.append(order.hold) }
    holds[order.accountID] = known
  }
}
