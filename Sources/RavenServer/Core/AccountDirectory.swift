import Foundation
import Hummingbird
import Logging
import RavenBrokerage
import RavenCore
import RavenGateway
import RavenStore

/// Each user's account, built in one place: the brokerage account they linked, or the
/// built-in ledger. It owns what the server keeps of accounts between requests
/// (`AccountReads`): every account it hands out reports its own changes to `changes`,
/// which forgets what was kept and pushes the orders to the streams, and the link and
/// the positions' order are written only here, which forgets them too. Trading reads the
/// link afresh.
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
  /// Each user's account and link as read moments ago, for showing them.
  var reads: AccountReads { changes.reads }
  let logger: Logger

  /// The account the user trades through, chosen once per request: their linked
  /// brokerage account, or the built-in ledger. One indexed read of the link; a request
  /// that only shows the account (`forReading`) may use the link read moments ago.
  func account(of user: User, forReading: Bool = false) async throws -> any TradingAccount {
    if let linked = try await linkedAccount(of: user, forReading: forReading) { return linked }
    return ledger(of: user.id, recentReads: reads.ledgers)
  }

  /// The built-in ledger of `userID`, whether or not they linked a brokerage account;
  /// `recentReads` lets it show a portfolio read moments ago.
  func ledger(of userID: UserID, recentReads: LedgerReads? = nil) -> LedgerAccount {
    LedgerAccount(
      userID: userID, store: store, market: market, quotes: market, calendar: calendar,
      clock: marketClock, engine: engine, recentReads: recentReads, events: changes)
  }

  /// The brokerage account the user linked, or nil when they trade on the ledger.
  func linkedAccount(of user: User, forReading: Bool = false) async throws
    -> LinkedBrokerageAccount?
  {
    let link =
      forReading
      ? try await reads.links.value(for: user.id) {
        try await store.brokerageLink(userID: user.id)
      } : try await store.brokerageLink(userID: user.id)
    guard let link else { return nil }
    return LinkedBrokerageAccount(
      userID: user.id, brokerage: brokerage, credentials: try credentials(in: link, of: user),
      store: store, events: changes)
  }

  /// The user's link as stored, read afresh.
  func brokerageLink(of userID: UserID) async throws -> BrokerageLink? {
    try await store.brokerageLink(userID: userID)
  }

  /// Links (or relinks) the user's brokerage account with `credentials`, sealed.
  func link(
    _ user: User, provider: String, credentials: BrokerageCredentials, at time: Date
  ) async throws -> BrokerageLink {
    let link = BrokerageLink(
      userID: user.id, provider: provider,
      sealedCredentials: try sealer.seal(credentials, userID: user.id),
      keyHint: credentials.keyHint, linkedAt: time)
    try await store.saveBrokerageLink(link)
    changes.reads.forget(user.id)
    return link
  }

  /// Unlinks the user's brokerage account: they trade on the ledger again.
  func unlink(_ userID: UserID) async throws {
    try await store.deleteBrokerageLink(userID: userID)
    changes.reads.forget(userID)
  }

  /// Puts the user's positions in the order given (the rest after, as they were).
  func arrangePositions(of userID: UserID, first symbols: [Symbol]) async throws {
    try await store.setPositionOrder(userID: userID, symbols: symbols)
    changes.reads.forget(userID)
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
