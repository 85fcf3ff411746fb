import Crypto
import Foundation
import Hummingbird
import RavenCore

extension AccountRecord {
  /// The id clients name the account by: a name-based UUID of its number, the same on
  /// every server. A user's first account keeps the `/v2/account` id it had before a user
  /// could have several (the number was the user's).
  var publicID: UUID { id.publicID }
}

extension Request {
  /// The account `?account=<id>` names; nil when the request names none (the user's
  /// default). Anything but a UUID names no account of theirs: 404.
  func chosenAccount() throws -> UUID? {
    guard let text = uri.queryParameters.get("account") else { return nil }
    guard let id = UUID(uuidString: text) else { throw APIError.accountNotFound }
    return id
  }
}

extension APIError {
  /// An account that is not the user's, whether or not it exists: never a 403, which
  /// would say that it does.
  static let accountNotFound = APIError(
    .notFound, code: "account_not_found", message: "No such account")
}

extension AccountID {
  /// The public id of the account with this number (`AccountRecord.publicID`).
  var publicID: UUID { AlpacaFormat.uuid("account:\(rawValue)") }
}
