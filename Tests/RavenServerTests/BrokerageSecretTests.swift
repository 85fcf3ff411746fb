import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RavenBrokerage
import RavenCore
import RavenStore
import RavenStoreSQLite
import Testing

@testable import RavenServer

@Suite("Brokerage keys at rest and in answers")
struct BrokerageSecretTests {
  typealias Server = BrokerageTestServer

  static func temporaryDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("raven-\(UUID().uuidString)")
  }

  @Test(
    "the stored row holds neither the secret nor the key id, and opens only with the server's key")
  func sealedAtRest() async throws {
    let store = try SQLiteStore.temporary()
    let key = ServerSecret.key(fromSetting: "the server's key")
    let app = try await Server.make(brokerage: Server.brokerage(), store: store, secretKey: key)
    let userID: UserID? = try await app.test(.router) { client in
      let browser = try await client.signUp()
      _ = try await client.json(
        .put, "/api/v1/brokerage", body: Server.linkBody, headers: browser.headers())
      let me = try await client.json(.get, "/api/v1/me", headers: browser.headers()).object()
      return (me["id"] as? Int).map { UserID(Int64($0)) }
    }
    let id = try #require(userID)
    let linked = try #require(
      try await store.accounts(userID: id).first { $0.kind == .alpaca && $0.isOpen })
    let link = try #require(try await store.brokerageLink(accountID: linked.id))
    let stored = String(decoding: link.sealedCredentials, as: UTF8.self)
    #expect(!stored.contains(Server.secret) && !stored.contains(Server.keyID))
    #expect(link.keyHint == "…WXYZ")

    let opened = try CredentialSealer(key: key).open(link.sealedCredentials, userID: id)
    #expect(opened == BrokerageCredentials(keyID: Server.keyID, secretKey: Server.secret))
    #expect(throws: (any Error).self) {
      try CredentialSealer(key: ServerSecret.randomKey()).open(link.sealedCredentials, userID: id)
    }
    // Copied onto another user's row, the sealed keys do not open either.
    #expect(throws: (any Error).self) {
      try CredentialSealer(key: key).open(link.sealedCredentials, userID: UserID(id.rawValue + 1))
    }
  }

  @Test("a server with another secret key cannot use the link, and says to link again")
  func otherServerKey() async throws {
    let store = try SQLiteStore.temporary()
    let first = try await Server.make(
      brokerage: Server.brokerage(), store: store, secretKey: ServerSecret.randomKey())
    let browser = try await first.test(.router) { client in
      let browser = try await client.signUp()
      _ = try await client.json(
        .put, "/api/v1/brokerage", body: Server.linkBody, headers: browser.headers())
      return browser
    }
    let second = try await Server.make(
      brokerage: Server.brokerage(), store: store, secretKey: ServerSecret.randomKey())
    try await second.test(.router) { client in
      let response = try await client.json(
        .get, "/api/v1/portfolio", headers: browser.headers())
      #expect(response.status == .conflict)
      #expect(response.errorCode == "brokerage_keys_unreadable")
    }
  }

  @Test("no answer and no log line ever contains the secret")
  func secretNeverLeaves() async throws {
    let logs = LogCapture()
    let brokerage = Server.brokerage()
    let app = try await Server.make(brokerage: brokerage, logs: logs)
    let answers: [String] = try await app.test(.router) { client in
      let browser = try await client.signUp()
      let headers = browser.headers()
      var responses = [
        try await client.json(.put, "/api/v1/brokerage", body: Server.linkBody, headers: headers),
        try await client.json(.get, "/api/v1/brokerage", headers: headers),
        try await client.json(.get, "/api/v1/portfolio", headers: headers),
        try await client.json(.get, "/api/v1/portfolio/history", headers: headers),
        try await client.json(
          .post, "/api/v1/trades", body: #"{"symbol":"AAPL","side":"buy","shares":"1"}"#,
          headers: headers),
        try await client.json(
          .post, "/api/v1/trades", body: #"{"symbol":"AAPL","side":"buy","shares":"9999"}"#,
          headers: headers),
        try await client.json(.get, "/api/v1/trades", headers: headers),
      ]
      brokerage.fail(with: .unavailable("the request timed out"))
      responses.append(try await client.json(.get, "/api/v1/portfolio", headers: headers))
      responses.append(
        try await client.json(.put, "/api/v1/brokerage", body: Server.linkBody, headers: headers))
      brokerage.fail(with: .invalidCredentials)
      responses.append(try await client.json(.get, "/api/v1/portfolio", headers: headers))
      return responses.map { response in
        response.text + response.headers.map { "\($0.name): \($0.value)" }.joined()
      }
    }
    #expect(answers.count == 10)
    #expect(!logs.all.isEmpty)
    for text in answers + logs.all {
      #expect(!text.contains(Server.secret), "\(text)")
      #expect(!text.contains(Server.keyID), "\(text)")
    }
  }

  @Test("without RAVEN_SECRET_KEY a key is generated once into the data directory with mode 0600")
  func keyFile() throws {
    let directory = Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let key = try ServerSecret.fileKey(directory: directory.path, logger: .init(label: "test"))
    #expect(key.count == 32)
    let path = directory.appendingPathComponent("secret.key").path
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    #expect(
      try ServerSecret.fileKey(directory: directory.path, logger: .init(label: "test")) == key)
  }

  @Test("RAVEN_SECRET_KEY: 32 bytes in base64 are the key; any other text is stretched")
  func keySetting() throws {
    let bytes = Data((0..<32).map { UInt8($0) })
    #expect(ServerSecret.key(fromSetting: bytes.base64EncodedString()) == bytes)
    let derived = ServerSecret.key(fromSetting: "correct horse battery staple")
    #expect(derived.count == 32)
    #expect(derived == ServerSecret.key(fromSetting: "correct horse battery staple"))
    #expect(derived != ServerSecret.key(fromSetting: "another passphrase"))

    var configuration = TestServer.configuration()
    configuration.dataDirectory = Self.temporaryDirectory().path
    configuration.secretKey = bytes.base64EncodedString()
    #expect(try ServerSecret.key(configuration, logger: .init(label: "test")) == bytes)
    #expect(!FileManager.default.fileExists(atPath: configuration.dataDirectory))
  }

  @Test("on PostgreSQL without RAVEN_SECRET_KEY the server warns, without showing a key")
  func postgresWarning() throws {
    let logs = LogCapture()
    let directory = Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    var configuration = TestServer.configuration()
    configuration.dataDirectory = directory.path
    configuration.databaseURL = "postgres://raven@127.0.0.1:5432/raven"
    let key = try ServerSecret.key(configuration, logger: logs.logger)
    #expect(logs.all.contains { $0.hasPrefix("warning") && $0.contains("RAVEN_SECRET_KEY") })
    #expect(!logs.all.contains { $0.contains(key.base64EncodedString()) })
  }
}
