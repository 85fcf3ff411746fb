import Foundation
import Hummingbird
import Logging
import RavenBrokerage
import RavenCore
import RavenGateway
import RavenMarketData
import RavenStore

/// Each user's accounts, built in one place: a linked brokerage account, or a built-in
/// ledger. It owns what the server keeps of accounts between requests
/// (`AccountReads`): every account it hands out reports its own changes to `changes`,
/// which forgets what was kept and pushes the orders to the streams, and the links,
/// names and the positions' order are written only here, which forgets them too.
/// Trading reads the user's accounts afresh.
struct AccountDirectory: Sendable {
  let store: any Store
  /// Prices to trade at and to value holdings at (the market gateway).
  let market: MarketGateway
  let calendar: NYSECalendar
  /// The market's time: orders and fills.
  let marketClock: any WallClock
  /// Matches the ledger accounts' orders.
  let engine: OrderEngine
  /// Where users who linked their own brokerage account trade instead of the ledger.
  let brokerage: any Brokerage
  /// Seals and opens those users' brokerage keys.
  let sealer: CredentialSealer
  /// Every change an account makes: its orders to the streams, and what `reads` kept of
  /// it forgotten.
  let changes: AccountChanges
  /// Each user's accounts and each account as read moments ago, for showing them.
  var reads: AccountReads { changes.reads }
  /// Which shares can be borrowed to sell short, and leveraged funds' margins.
  let securities: any SecurityTermsSource
  let logger: Logger
  /// What ledgers value their past at when not `market` itself: with live data, the market
  /// with each settled session's close kept (`SessionCloseKeeper`), so history never
  /// changes after the fact.
  var pastMarket: (any MarketDataProvider)? = nil

  // MARK: Which account

  /// The user's accounts, open and closed, oldest first; a request that only shows them
  /// (`forReading`) may use the list read moments ago.
  func records(of user: UserID, forReading: Bool = false) async throws -> [AccountRecord] {
    guard forReading else { return try await store.accounts(userID: user) }
    return try await reads.lists.value(for: user) { try await store.accounts(userID: user) }
  }

  /// The account `chosen` names among the user's (open or closed), or their default when
  /// it names none; 404 for an id that is not one of theirs (another user's too).
  func record(of user: UserID, chosen: UUID?, forReading: Bool = false) async throws
    -> AccountRecord
  {
    let records = try await records(of: user, forReading: forReading)
    let found =
      if let chosen { records.first { $0.publicID == chosen } } else { records.defaultAccount }
    guard let found else { throw APIError.accountNotFound }
    return found
  }

  /// The account a request names (`?account=<id>`, else the user's default), as the
  /// account it trades through: their linked brokerage account or a built-in ledger. A
  /// request that only shows the account (`forReading`) may use what was read moments ago.
  func account(of user: User, in request: Request, forReading: Bool = false) async throws
    -> any TradingAccount
  {
    let record = try await record(
      of: user.id, chosen: try request.chosenAccount(), forReading: forReading)
    return try await account(record, of: user, forReading: forReading)
  }

  /// `record` as the account it trades through.
  func account(_ record: AccountRecord, of user: User, forReading: Bool = false) async throws
    -> any TradingAccount
  {
    switch record.kind {
    case .paper: ledger(record, recentReads: reads.ledgers)
    case .alpaca: try await linkedAccount(record, of: user, forReading: forReading)
    }
  }

  /// The built-in ledger of `record`; `recentReads` lets it show a portfolio read moments ago.
  func ledger(_ record: AccountRecord, recentReads: LedgerReads? = nil) -> LedgerAccount {
    LedgerAccount(
      accountID: record.id, userID: record.userID, store: store, market: pastMarket ?? market,
      quotes: market,
      calendar: calendar, clock: marketClock, engine: engine, recentReads: recentReads,
      events: changes, securities: securities)
  }

  /// The brokerage account `record` links; a closed one (unlinked) is a 404.
  func linkedAccount(_ record: AccountRecord, of user: User, forReading: Bool = false)
    async throws -> LinkedBrokerageAccount
  {
    let link =
      forReading
      ? try await reads.links.value(for: record.id) {
        try await store.brokerageLink(accountID: record.id)
      } : try await store.brokerageLink(accountID: record.id)
    guard let link else { throw APIError.accountNotFound }
    return LinkedBrokerageAccount(
      accountID: record.id, userID: user.id, brokerage: brokerage,
      credentials: try credentials(in: link, of: user), store: store, events: changes)
  }

  /// The user's open linked account's link, read afresh; nil when they have none.
  func brokerageLink(of userID: UserID) async throws -> (AccountRecord, BrokerageLink)? {
    guard
      let record = try await records(of: userID).first(where: { $0.isOpen && $0.kind == .alpaca }),
      let link = try await store.brokerageLink(accountID: record.id)
    else { return nil }
    return (record, link)
  }

  // MARK: Changing accounts

  /// Links (or relinks) the user's brokerage account with `credentials`, sealed: their
  /// open Alpaca account's link is replaced, or an account named "Alpaca" opens.
  func link(
    _ user: User, provider: String, credentials: BrokerageCredentials, at time: Date
  ) async throws -> (AccountRecord, BrokerageLink) {
    let sealed = try sealer.seal(credentials, userID: user.id)
    let record = try await store.saveBrokerageLink(
      userID: user.id, name: "Alpaca", provider: provider, sealedCredentials: sealed,
      keyHint: credentials.keyHint, at: time)
    forget(user.id, record.id)
    return (
      record,
      BrokerageLink(
        accountID: record.id, provider: provider, sealedCredentials: sealed,
        keyHint: credentials.keyHint, linkedAt: time)
    )
  }

  /// Unlinks the user's brokerage account: its account closes, their paper accounts stay.
  func unlink(_ userID: UserID, at time: Date) async throws {
    let closed = try await store.deleteBrokerageLink(userID: userID, at: time)
    forget(userID, closed?.id)
  }

  /// Puts the account's positions in the order given (the rest after, as they were).
  func arrangePositions(of record: AccountRecord, first symbols: [Symbol]) async throws {
    try await store.setPositionOrder(accountID: record.id, symbols: symbols)
    forget(record.userID, record.id)
  }

  /// Forgets what this server kept of the user's account list and of `account`.
  func forget(_ userID: UserID, _ account: AccountID?) {
    reads.lists.forget(userID)
    if let account { reads.forget(account) }
  }

  /// The keys sealed in `link`; throws a 409 when this server cannot open them.
  func credentials(in link: BrokerageLink, of user: User) throws -> BrokerageCredentials {
    do {
      return try sealer.open(link.sealedCredentials, userID: user.id)
    } catch {
      // Sealed under another key: RAVEN_SECRET_KEY changed, or servers sharing the
      // database do not share it. Only linking again can fix that.
      logger.error(
        "Cannot open a user's brokerage keys; is RAVEN_SECRET_KEY the same on every server?",
        metadata: ["userID": "\(user.id.rawValue)"])
      throw APIError(
        .conflict, code: "brokerage_keys_unreadable",
        message: "Your Alpaca keys cannot be read on this server; link your Alpaca account again")
    }
  }
}
