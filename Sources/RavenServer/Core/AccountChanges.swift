import RavenBrokerage
import RavenCore

/// What becomes of a change to an account, whoever made it (its owner through an
/// account, or the order engine): its orders go to the owner's streams, and what this
/// server kept of the account is forgotten, so the owner's next read here sees it.
struct AccountChanges: AccountEvents {
  let hub: QuoteStreamHub
  let reads: AccountReads

  func publish(_ orders: [Order], to user: UserID) async {
    reads.forget(user)
    await hub.publish(orders, to: user)
  }

  func accountChanged(_ user: UserID) async {
    reads.forget(user)
  }

  /// The engine's pass changed these orders (fills, expiries), in their owners' accounts.
  func matched(_ changed: [StoredOrder]) async {
    for (user, orders) in Dictionary(grouping: changed, by: \.userID) {
      await publish(orders.map(\.order), to: user)
    }
  }

  /// A pass failed part way: what it committed is unknown here, so nothing kept is trusted.
  func lostTrack() {
    reads.forgetAll()
  }
}
