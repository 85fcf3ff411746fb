import Foundation
import Hummingbird
import HummingbirdTesting
import RavenAPI
import RavenCore
import RavenServer
import RavenSimulation
import RavenStore
import RavenStoreSQLite
import Testing

@testable import raven

/// `raven logout --everywhere` against a real server on a socket.
@Suite("raven logout --everywhere")
struct LogoutEverywhereCommandTests {
  @Test("revokes every personal token, this machine's too, forgets it, and leaves API keys")
  func everywhere() async throws {
    var configuration = ServerConfiguration()
    configuration.port = 0
    configuration.passwordHashCost = 4
    let clock = FixedWallClock(try Date("2026-11-20T18:00:00Z", strategy: .iso8601))
    let calendar = NYSECalendar()
    let dependencies = ServerDependencies(
      store: try SQLiteStore.temporary(),
      provider: SimulatedMarket(seed: 42, calendar: calendar), clock: clock,
      calendar: calendar)
    let app = try await buildApplication(configuration, dependencies: dependencies)
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("raven-logout-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = CredentialsFile(url: directory.appendingPathComponent("credentials.json"))

    try await app.test(.live) { client in
      let server = URL(string: "http://127.0.0.1:\(client.port!)")!
      func token(_ name: String) async throws -> CreatedTokenBody {
        try await withAPIClient(server: server, token: nil) { client in
          try await client.send(
            .POST, "api/v1/auth/tokens",
            body: TokenRequest(username: "cli", password: "correct horse", name: name),
            as: CreatedTokenBody.self)
        }
      }
      _ = try await withAPIClient(server: server, token: nil) { client in
        try await client.send(
          .POST, "api/v1/auth/signup",
          body: CredentialsRequest(username: "cli", password: "correct horse"),
          as: SignedInBody.self)
      }
      let here = try await token("this machine")
      let laptop = try await token("laptop")
      try file.save(.init(username: "cli", token: here.token, tokenID: here.id), for: server)
      let key = try await withAPIClient(server: server, token: here.token) { client in
        try await client.send(
          .POST, "api/v1/auth/api-keys", body: APIKeyRequest(name: "bot", readOnly: false),
          as: CreatedAPIKeyBody.self)
      }

      let command = try LogoutCommand.parse(["--everywhere", "--server", server.absoluteString])
      let said = try await command.signOut(of: server, file: file)
      #expect(said.hasPrefix("Signed out of \(server.absoluteString) on every device"))
      #expect(file.entry(for: server) == nil)
      for revoked in [here, laptop] {
        await #expect(throws: CommandFailure.self) {
          try await withAPIClient(server: server, token: revoked.token) { client in
            try await client.send(.GET, "api/v1/me", as: UserBody.self)
          }
        }
      }
      // A bot's API key is not a personal token: it keeps working.
      _ = try await withAPIClient(server: server, token: nil) { client in
        try await client.send(
          .GET, "v2/account",
          headers: [("APCA-API-KEY-ID", key.keyId), ("APCA-API-SECRET-KEY", key.secret)],
          as: RavenAPIClient.Empty.self)
      }
      #expect(
        try await command.signOut(of: server, file: file)
          == "Not signed in to \(server.absoluteString).")
    }
  }
}
