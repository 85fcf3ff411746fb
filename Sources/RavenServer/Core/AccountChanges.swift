import RavenBrokerage
import RavenCore

/// What becomes of a change to an account, whoever made it (its owner through an
/// account, or the order engine): its orders go to the owner's streams, and what this
/// server kept of the account is forgotten, so the owner's next read here sees it.
struct AccountChanges: AccountEvents {
  let hub: QuoteStreamHub
  let reads: AccountReads

  func publish(_ orders: [Order], of account: AccountID, to user: UserID) async {
    reads.forget(account)
    await hub.publish(orders, of: account, to: user)
  }

  func accountChanged(_ account: AccountID) async {
    reads.forget(account)
  }

  /// The engine's pass changed these orders (fills, expiries), in their accounts.
  func matched(_ changed: [StoredOrder]) async {
    for (account, orders) in Dictionary(grouping: changed, by: \.accountID) {
      guard let owner = orders.first?.userID else { continue }
      await publish(orders.map(\.order), of: account, to: owner)
    }
  }

  /// A pass failed part way: what it committed is unknown here, so nothing kept is trusted.
  func lostTrack() {
    reads.forgetAll()
  }
}
