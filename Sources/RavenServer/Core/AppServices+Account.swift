import Foundation
import Hummingbird
import RavenBrokerage
import RavenCore
import RavenStore

extension AppServices {
  /// The account the user trades through, chosen once per request: their linked
  /// brokerage account, or the built-in ledger. One indexed read of the link; a request
  /// that only shows the account (`forReading`) may use the link read moments ago.
  func account(of user: User, forReading: Bool = false) async throws -> any TradingAccount {
    if let linked = try await linkedAccount(of: user, forReading: forReading) { return linked }
    return LedgerAccount(
      userID: user.id, store: store, market: market, quotes: gateway, calendar: calendar,
      clock: marketClock, engine: engine, recentReads: accountReads.ledgers)
  }

  /// The brokerage account the user linked, or nil when they trade on the ledger.
  func linkedAccount(of user: User, forReading: Bool = false) async throws
    -> LinkedBrokerageAccount?
  {
    let link =
      forReading
      ? try await accountReads.links.value(for: user.id) {
        try await store.brokerageLink(userID: user.id)
      } : try await store.brokerageLink(userID: user.id)
    guard let link else { return nil }
    return LinkedBrokerageAccount(
      userID: user.id, brokerage: brokerage, credentials: try credentials(in: link, of: user),
      store: store)
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
