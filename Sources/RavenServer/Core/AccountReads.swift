import Foundation
import RavenBrokerage
import RavenCore
import RavenStore

/// Each user's account list, and each ledger account and brokerage link, as the store
/// gave them moments ago, so a portfolio polled every few seconds by many users does not
/// read them on every request.
///
/// `AccountDirectory` owns them: every change made through an account it handed out (a
/// trade, an order, a fill by this server's engine) and every account, link or
/// arrangement it writes forgets them on this server (`AccountChanges`), so the user's
/// next read here sees the change. Another server's writes are seen within `lifetime`, as
/// its revocations are (`CredentialCache`).
struct AccountReads: Sendable {
  static let lifetime: TimeInterval = 1

  let ledgers: LedgerReads
  /// For choosing the account a read shows; a request that trades reads them afresh.
  let lists: RecentReads<UserID, [AccountRecord]>
  /// For showing a linked account; a request that trades reads the link afresh, so an
  /// order never follows a link another server has just removed.
  let links: RecentReads<AccountID, BrokerageLink?>

  init(clock: any WallClock, capacity: Int = 10_000) {
    ledgers = LedgerReads(lifetime: Self.lifetime, capacity: capacity, clock: clock)
    lists = RecentReads(lifetime: Self.lifetime, capacity: capacity, clock: clock)
    links = RecentReads(lifetime: Self.lifetime, capacity: capacity, clock: clock)
  }

  func forget(_ account: AccountID) {
    ledgers.forget(account)
    links.forget(account)
  }

  func forgetAll() {
    ledgers.forgetAll()
    lists.forget { _, _ in true }
    links.forget { _, _ in true }
  }
}
