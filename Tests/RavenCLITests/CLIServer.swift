import Foundation
import Hummingbird
import HummingbirdTesting
import RavenAPI
import RavenCore
import RavenServer
import RavenSimulation
import RavenStoreSQLite

@testable import raven

/// A real server on a socket for the CLI's commands (the simulated market, seed 42, on
/// Friday 2026-11-20 at 1 p.m. New York) and a signed-up user's personal token, as
/// `raven login` stores it.
struct CLIServer: Sendable {
  let url: URL
  let token: String

  /// `--server` naming this server.
  var options: [String] { ["--server", url.absoluteString] }

  /// `command`'s output, run as the user.
  func run(_ command: some ServerCommand) async throws -> String {
    try await withAPIClient(server: url, token: token) { try await command.output(using: $0) }
  }

  /// Runs `body` against a fresh server with no one signed up.
  static func withServer(_ body: @escaping @Sendable (URL) async throws -> Void) async throws {
    var configuration = ServerConfiguration()
    configuration.port = 0
    configuration.passwordHashCost = 4
    let clock = FixedWallClock(try Date("2026-11-20T18:00:00Z", strategy: .iso8601))
    let calendar = NYSECalendar()
    let app = try await buildApplication(
      configuration,
      dependencies: ServerDependencies(
        store: try SQLiteStore.temporary(),
        provider: SimulatedMarket(seed: 42, calendar: calendar), clock: clock, calendar: calendar))
    try await app.test(.live) { client in
      try await body(URL(string: "http://127.0.0.1:\(client.port!)")!)
    }
  }

  /// Signs up "cli" on `server` through the API and returns a personal token.
  static func token(server: URL) async throws -> String {
    try await withAPIClient(server: server, token: nil) { client in
      _ = try await client.send(
        .POST, "api/v1/auth/signup",
        body: CredentialsRequest(username: "cli", password: "correct horse"),
        as: SignedInBody.self)
      return try await client.send(
        .POST, "api/v1/auth/tokens",
        body: TokenRequest(username: "cli", password: "correct horse", name: "tests"),
        as: CreatedTokenBody.self
      ).token
    }
  }

  /// Runs `body` against a fresh server, signed in as a new user.
  static func signedIn(_ body: @escaping @Sendable (CLIServer) async throws -> Void)
    async throws
  {
    try await withServer { url in
      try await body(CLIServer(url: url, token: try await token(server: url)))
    }
  }
}
