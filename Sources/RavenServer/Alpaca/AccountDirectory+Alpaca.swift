import Foundation
import RavenBrokerage
import RavenCore

extension AccountDirectory {
  /// The signed-in key's user and the built-in account it belongs to (a signed-in browser
  /// or token: the user's default account). A linked Alpaca account is sent to Alpaca's
  /// own API: Raven does not relay it.
  func alpacaLedger(_ context: RavenRequestContext, forReading: Bool = false) async throws
    -> (User, LedgerAccount)
  {
    let (user, record) = try await alpacaAccount(context, forReading: forReading)
    return (user, ledger(record))
  }

  /// The account `alpacaLedger` trades, as its record. A request that only shows it
  /// (`forReading`) through an API key may use the account list read within the last
  /// second: a bot's every call needs its account. Requests that change anything read the
  /// list afresh, since they act on the record's settings (a suspended account, fractional
  /// trading) and the store checks only that the account is open.
  func alpacaAccount(_ context: RavenRequestContext, forReading: Bool = false) async throws
    -> (User, AccountRecord)
  {
    guard let identity = context.identity else { throw AlpacaError.unauthorized }
    let user = identity.user
    var record: AccountRecord?
    if case .apiKey(let key) = identity.credential {
      if forReading {
        record = try await records(of: user.id, forReading: true).first { $0.id == key.accountID }
      }
      // Afresh: a key made moments ago on another server may name an account the list lacks.
      if record == nil {
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
