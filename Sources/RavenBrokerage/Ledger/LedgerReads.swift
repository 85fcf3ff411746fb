import Foundation
import RavenCore
import RavenStore
import Tagged

/// What a server keeps of its ledger accounts between requests that only show them: the
/// account as the store gave it moments ago, and its last valuation with the quotes it was
/// made at, reused while neither the account nor any of those quotes has changed. Never
/// used for trading.
public struct LedgerReads: Sendable {
  /// A ledger account valued at some quotes.
  public struct Valued: Sendable {
    var account: Account
    var quotes: [Symbol: Quote]
    var valuation: PortfolioValuation
  }

  public let accounts: RecentReads<AccountID, Account>
  public let valuations: RecentReads<AccountID, Valued>

  public init(lifetime: TimeInterval, capacity: Int, clock: any WallClock) {
    accounts = RecentReads(lifetime: lifetime, capacity: capacity, clock: clock)
    valuations = RecentReads(lifetime: lifetime, capacity: capacity, clock: clock)
  }

  public func forget(_ accountID: AccountID) {
    accounts.forget(accountID)
    valuations.forget(accountID)
  }

  public func forgetAll() {
    accounts.forget { _, _ in true }
    valuations.forget { _, _ in true }
  }

  /// `account` valued at `quotes`, as last time when neither has changed since.
  func valuation(
    of account: Account, at quotes: [Symbol: Quote], order: [Symbol], accountID: AccountID
  ) -> PortfolioValuation {
    if let kept = valuations.value(for: accountID), kept.account == account, kept.quotes == quotes {
      return kept.valuation
    }
    let mark = valuations.mark()
    let valuation = account.ledger.valuation(quotes: quotes, order: order)
    valuations.remember(
      Valued(account: account, quotes: quotes, valuation: valuation), for: accountID,
      readSince: mark)
    return valuation
  }
}
