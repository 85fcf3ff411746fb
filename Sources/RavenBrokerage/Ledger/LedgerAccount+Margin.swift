import Foundation
import RavenCore
import RavenMarketData
import RavenStore

extension LedgerAccount {
  /// The most trades read back to find the last close's state: an account that traded more
  /// since is valued from the oldest of them (a day of a busy bot's trades).
  static let lastEquityTradeLimit = 2_000

  /// The account's equity at the last close (`LastEquity`), from `quotes` (each symbol's
  /// previous close while a session is on, its price once it has closed) and the trades
  /// made since, read from the store.
  func lastEquity(of account: Account, quotes: [Symbol: Quote]) async throws -> Money {
    let now = clock.now
    guard let lastClose = LastEquity.lastClose(before: now, calendar: calendar) else {
      return account.cash
    }
    var since: [Trade] = []
    var before: TradeID?
    reading: while since.count < Self.lastEquityTradeLimit {
      let page = try await store.trades(accountID: accountID, before: before, limit: 500)
      for record in page {
        guard record.trade.time > lastClose else { break reading }
        since.append(record.trade)
      }
      guard page.count == 500, let last = page.last else { break }
      before = last.id
    }
    var symbols = Set(account.positions.map(\.symbol))
    symbols.formUnion(since.map(\.symbol))
    var quotes = quotes
    let missing = symbols.subtracting(quotes.keys)
    if !missing.isEmpty {
      quotes.merge(
        await self.quotes.freshQuotes(for: missing.sorted(), at: now).quotes,
        uniquingKeysWith: { first, _ in first })
    }
    let isOpen = calendar.isOpen(at: now)
    return LastEquity.at(
      cash: account.cash, positions: account.positions, tradesSince: since,
      closes: quotes.mapValues { isOpen ? $0.previousClose : $0.price })
  }
}
