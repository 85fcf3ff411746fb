import Foundation
import RavenBrokerage
import RavenCore

extension AccountDirectory {
  /// The signed-in key's user and their built-in account. A user who linked an Alpaca
  /// account is sent to Alpaca's own API: Raven does not relay it.
  func alpacaLedger(_ context: RavenRequestContext) async throws -> (User, LedgerAccount) {
    guard let user = context.identity?.user else { throw AlpacaError.unauthorized }
    guard try await brokerageLink(of: user.id) == nil else {
      throw AlpacaError(
        .forbidden,
        "this account is linked to Alpaca: use Alpaca's own API (https://paper-api.alpaca.markets) with your Alpaca keys"
      )
    }
    return (user, ledger(of: user.id))
  }
}
