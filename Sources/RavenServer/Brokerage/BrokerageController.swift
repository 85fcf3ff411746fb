import Foundation
import HTTPTypes
import Hummingbird
import Logging
import RavenAPI
import RavenBrokerage
import RavenCore
import RavenStore

/// Linking a user's own Alpaca paper account (they then trade through it instead of the
/// built-in ledger), unlinking it, and following an order until it fills. The keys go
/// in once and never come back out: answers show only the key id's last characters.
struct BrokerageController {
  let accounts: AccountDirectory
  /// Real time: when a link was made.
  let clock: any WallClock
  let logger: Logger

  func addRoutes(to group: RouterGroup<RavenRequestContext>) {
    group.get("/brokerage", use: status)
    group.put("/brokerage", use: link)
    group.delete("/brokerage", use: unlink)
    group.get("/brokerage/orders/{id}", use: order)
  }

  @Sendable func status(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<BrokerageStatusBody>
  {
    let user = try context.requireUser()
    guard let (_, link) = try await accounts.brokerageLink(of: user.id) else {
      return JSONBody(.unlinked)
    }
    // The account is a courtesy: the link's state is known without it.
    let credentials = try? accounts.credentials(in: link, of: user)
    var account: BrokerageAccount?
    if let credentials { account = try? await accounts.brokerage.account(credentials) }
    return JSONBody(
      BrokerageStatusBody(
        linked: true, provider: link.provider, keyHint: link.keyHint, linkedAt: link.linkedAt,
        account: account.map(BrokerageAccountBody.init)))
  }

  @Sendable func link(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<BrokerageStatusBody>
  {
    let user = try context.requireUser()
    let body = try await context.requestDecoder.decode(
      BrokerageLinkRequest.self, from: request, context: context)
    let provider = body.provider?.lowercased() ?? accounts.brokerage.provider
    guard provider == accounts.brokerage.provider else {
      throw APIError.validation(
        "unsupported_brokerage", "Only Alpaca paper accounts can be linked")
    }
    let credentials = try Self.credentials(body)
    let account = try await checked(credentials)
    let (_, link) = try await accounts.link(
      user, provider: provider, credentials: credentials, at: clock.now)
    logger.info(
      "Linked a brokerage account",
      metadata: ["userID": "\(user.id.rawValue)", "provider": "\(provider)"])
    return JSONBody(
      BrokerageStatusBody(
        linked: true, provider: provider, keyHint: link.keyHint, linkedAt: link.linkedAt,
        account: BrokerageAccountBody(account)))
  }

  @Sendable func unlink(_ request: Request, context: RavenRequestContext) async throws
    -> HTTPResponse.Status
  {
    let user = try context.requireUser()
    try await accounts.unlink(user.id, at: clock.now)
    return .noContent
  }

  @Sendable func order(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<AccountTrade>
  {
    let user = try context.requireUser()
    guard let id = context.parameters.get("id"),
      let (record, _) = try await accounts.brokerageLink(of: user.id)
    else { throw APIError.notFound }
    let linked = try await accounts.linkedAccount(record, of: user)
    return JSONBody(try await linked.trade(id: id))
  }

  /// The account behind `credentials`; keys the brokerage refuses are the user's
  /// mistake (422), a brokerage that cannot be reached is not (503).
  private func checked(_ credentials: BrokerageCredentials) async throws -> BrokerageAccount {
    do {
      return try await accounts.brokerage.account(credentials)
    } catch .invalidCredentials {
      throw APIError.validation(
        "invalid_brokerage_keys", "Alpaca did not accept this key ID and secret key")
    }
  }

  /// Key ids and secrets are 1 to 128 visible ASCII characters (Alpaca's are 20 and 40).
  static func credentials(_ body: BrokerageLinkRequest) throws -> BrokerageCredentials {
    let keyID = body.keyId.trimmingCharacters(in: .whitespacesAndNewlines)
    let secret = body.secretKey.trimmingCharacters(in: .whitespacesAndNewlines)
    for text in [keyID, secret] {
      guard (1...128).contains(text.count),
        text.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) })
      else {
        throw APIError.validation(
          "invalid_brokerage_keys", "Enter your Alpaca key ID and secret key as Alpaca shows them")
      }
    }
    return BrokerageCredentials(keyID: keyID, secretKey: secret)
  }
}

extension BrokerageAccountBody {
  init(_ account: BrokerageAccount) {
    self.init(
      accountNumber: account.accountNumber, status: account.status, currency: account.currency,
      cash: account.cash, equity: account.equity, buyingPower: account.buyingPower)
  }
}
