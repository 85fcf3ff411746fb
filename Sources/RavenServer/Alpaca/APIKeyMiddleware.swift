import Foundation
import HTTPTypes
import Hummingbird
import RavenCore
import RavenStore

/// The key and secret a request to the Alpaca-compatible API signs in with:
/// `APCA-API-KEY-ID` and `APCA-API-SECRET-KEY`, or `Authorization: Basic` of
/// `keyID:secret` (which Alpaca's data clients may send).
struct APIKeyCredentials: Sendable {
  let keyID: String
  let secret: String

  init(keyID: String, secret: String) {
    self.keyID = keyID
    self.secret = secret
  }

  init?(_ headers: HTTPFields) {
    if let keyID = headers[.apcaKeyID], let secret = headers[.apcaSecretKey] {
      (self.keyID, self.secret) = (keyID, secret)
      return
    }
    guard let authorization = headers[.authorization],
      authorization.lowercased().hasPrefix("basic "),
      let decoded = Data(
        base64Encoded: String(authorization.dropFirst(6)).trimmingCharacters(
          in: .whitespaces)),
      let text = String(data: decoded, encoding: .utf8),
      let colon = text.firstIndex(of: ":")
    else { return nil }
    (keyID, secret) = (String(text[..<colon]), String(text[text.index(after: colon)...]))
  }

  /// A key ID like Alpaca's: `PK` and 18 capital letters and digits from the system's
  /// CSPRNG (20 characters in all).
  static func newKeyID() -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    var generator = SystemRandomNumberGenerator()
    return "PK" + String((0..<18).map { _ in alphabet.randomElement(using: &generator)! })
  }

  /// Key IDs Raven could have made: looked up only when they have this shape.
  var hasKeyIDShape: Bool {
    keyID.count == 20 && keyID.allSatisfy { $0.isASCII && ($0.isUppercase || $0.isNumber) }
  }
}

/// Signs requests to the Alpaca-compatible API in with an API key, and with nothing else:
/// a session cookie or a Raven token on them is ignored, so no cross-site request can act
/// through them. A missing, wrong or revoked key is 401 in Alpaca's words (429 once an
/// address has failed too often with that key ID). Secrets are compared as hashes
/// and never logged.
struct APIKeyMiddleware: RouterMiddleware {
  typealias Context = RavenRequestContext

  let store: any IdentityStore
  let throttle: LoginThrottle

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var context = context
    context.identity = nil
    guard let credentials = APIKeyCredentials(request.headers) else {
      throw AlpacaError.unauthorized
    }
    guard
      let (key, user) = try await APIKeyCheck(store: store, throttle: throttle)
        .verify(credentials, from: context.remoteAddress)
    else { throw AlpacaError.unauthorized }
    if key.readOnly, request.method != .get, request.method != .head {
      throw AlpacaError.readOnlyKey
    }
    context.identity = AuthenticatedUser(user: user, credential: .apiKey(key))
    return try await next(request, context)
  }
}

/// Checks a key and its secret. A right secret always passes (secrets are 256 random bits:
/// no throttle is needed to protect them, and none may lock a bot out); wrong ones are
/// counted per key and address apart from sign-ins, and key IDs no key has per address
/// (made-up IDs do not each take a place in the throttle's table): past five of either
/// in 15 minutes that address is answered 429 for wrong keys.
struct APIKeyCheck {
  let store: any IdentityStore
  let throttle: LoginThrottle

  /// The key and its user; nil for a wrong or revoked key. Throws 429 when throttled.
  func verify(_ credentials: APIKeyCredentials, from address: String?) async throws
    -> (APIKey, User)?
  {
    let found =
      credentials.hasKeyIDShape ? try await store.apiKeyOwner(keyID: credentials.keyID) : nil
    if let (key, secretHash, user) = found,
      SecretTokens.hash(credentials.secret).constantTimeEquals(secretHash)
    {
      return (key, user)
    }
    let knownID = found.map(\.key.keyID)
    if let wait = try await throttle.keyFailure(keyID: knownID, address: address) {
      throw AlpacaError.tooManyRequests(retryAfter: wait)
    }
    return nil
  }
}

extension HTTPField.Name {
  static let apcaKeyID = HTTPField.Name("APCA-API-KEY-ID")!
  static let apcaSecretKey = HTTPField.Name("APCA-API-SECRET-KEY")!
}
