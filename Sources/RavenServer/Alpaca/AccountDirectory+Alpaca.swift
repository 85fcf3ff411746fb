import Foundation
import RavenBrokerage
import RavenCore

extension AccountDirectory {
  /// The signed-in key's user and the built-in account it belongs to (a signed-in browser
  /// or token: the user's default account). A linked Alpaca account is sent to Alpaca's
  /// own API: Raven does not relay it.
  func alpacaLedger(_ context: RavenRequestContext) async throws -> (User, LedgerAccount) {
    let (user, record) = try await alpacaAccount(context)
    return (user, ledger(record))
  }

  /// The account `alpacaLedger` trades, as its record.
  func alpacaAccount(_ context: RavenRequestContext) async throws -> (User, AccountRecord) {
    guard let identity = context.identity else { throw AlpacaError.unauthorized }
    let user = identity.user
    let record: AccountRecord?
    if case .apiKey(let key) = identity.credential {
      // The list read moments ago, as the key itself is (`CredentialCache`): a bot's every
      // call needs its account, and what a stale list could get wrong the store checks
      // again under the account's lock (a closed account's orders are refused there). A
      // key made moments ago on another server may name an account the list lacks.
      let recent = try await records(of: user.id, forReading: true).first {
        $0.id == key.accountID
      }
      if let recent {
        record = recent
      } else {
        record = try await records(of: user.id).first { $0.id == key.accountID }
      }
    } else {
      record = try await records(of: user.id).defaultAccount
    }
    // A key outlives its account only until its revocation reaches this server.
    guard let record, record.isOpen else { throw AlpacaError.unauthorized }
    guard record.kind == .paper else {
      throw AlpacaError(
        .forbidden,
        "this account is linked to Alpaca: use Alpaca's own API (https://paper-api.alpaca.markets) with your Alpaca keys"
      )
    }
    return (user, record)
  }
}
