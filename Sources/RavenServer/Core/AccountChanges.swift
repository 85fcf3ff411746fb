import RavenBrokerage
import RavenCore
import RavenStore

/// What becomes of a change to an account, whoever made it (its owner through an
/// account, or the order engine): its orders go to the owner's streams, and what this
/// server kept of the account is forgotten, so the owner's next read here sees it; and
/// the other servers sharing the database are told (`notices`), which do the same.
struct AccountChanges: AccountEvents {
  let hub: QuoteStreamHub
  let reads: AccountReads
  /// The other servers on the database; nil with one server.
  var notices: (any ServerNotices)? = nil

  func publish(_ orders: [Order], of account: AccountID, to user: UserID) async {
    reads.forget(account)
    await hub.publish(orders, of: account, to: user)
    for order in orders { notices?.announce(.order(order, account: account, user: user)) }
  }

  /// An order another server changed: its owner's streams here hear of it too, and what
  /// was kept of the account here is forgotten.
  func heard(_ order: Order, of account: AccountID, to user: UserID) async {
    reads.forget(account)
    await hub.publish([order], of: account, to: user)
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
