import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// A key of the Alpaca-compatible API, as `POST /api/v1/auth/api-keys` made it.
struct AlpacaKey {
  var id: String
  var keyID: String
  var secret: String

  /// Alpaca's headers for a request signed with this key.
  var headers: HTTPFields {
    var headers = HTTPFields()
    headers[HTTPField.Name("APCA-API-KEY-ID")!] = keyID
    headers[HTTPField.Name("APCA-API-SECRET-KEY")!] = secret
    headers[.contentType] = "application/json"
    return headers
  }
}

extension TestClientProtocol {
  /// Creates an API key for the signed-in `browser`, for `accountID` (their first account
  /// when nil).
  func createKey(
    _ browser: Browser, name: String = "bot", readOnly: Bool = false, accountID: String? = nil
  ) async throws -> AlpacaKey {
    let account = accountID.map { #","accountId":"\#($0)""# } ?? ""
    let response = try await json(
      .post, "/api/v1/auth/api-keys",
      body: #"{"name":"\#(name)","readOnly":\#(readOnly)\#(account)}"#,
      headers: browser.headers())
    #expect(response.status == .created)
    let body = try response.object()
    return AlpacaKey(
      id: try #require(body["id"] as? String), keyID: try #require(body["keyId"] as? String),
      secret: try #require(body["secret"] as? String))
  }
}

/// Runs `body` on a fresh server with a signed-up user's API key.
func withAlpacaKey(
  _ body: @Sendable (any TestClientProtocol, AlpacaKey) async throws -> Void
) async throws {
  let app = try await TestServer.make()
  try await app.test(.router) { client in
    try await body(client, try await client.createKey(try await client.signUp()))
  }
}

extension TestResponse {
  /// Alpaca's `{"code", "message"}` error body.
  var alpacaError: (code: Int, message: String)? {
    guard let body = try? object(), let code = body["code"] as? Int,
      let message = body["message"] as? String
    else { return nil }
    return (code, message)
  }

  func array() throws -> [[String: Any]] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
  }
}
