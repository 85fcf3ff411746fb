import ArgumentParser
import AsyncHTTPClient
import Foundation

/// Options every command that talks to a server takes.
struct ServerOptions: ParsableArguments {
  @Option(help: "The Raven server (default http://127.0.0.1:8080, or RAVEN_SERVER).")
  var server: String?

  @Flag(name: .long, help: "Print JSON instead of a table.")
  var json = false

  /// Where `raven serve` listens by default.
  static let defaultServer = "http://127.0.0.1:8080"

  func serverURL(environment: [String: String]) throws -> URL {
    try Self.url(server ?? environment["RAVEN_SERVER"] ?? Self.defaultServer)
  }

  static func url(_ text: String) throws -> URL {
    guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https",
      url.host != nil
    else { throw ValidationError("'\(text)' is not a server URL such as http://127.0.0.1:8080") }
    return url
  }
}

/// A command that signs in with the stored token and calls the API.
protocol ServerCommand: AsyncParsableCommand {
  var serverOptions: ServerOptions { get }
  func output(using client: RavenAPIClient) async throws -> String
}

extension ServerCommand {
  func run() async throws {
    let environment = ProcessInfo.processInfo.environment
    let server = try serverOptions.serverURL(environment: environment)
    guard let entry = CredentialsFile.locate(environment: environment).entry(for: server) else {
      throw CommandFailure(
        message: "Not signed in to \(server.absoluteString); run `raven login` first")
    }
    print(
      try await withAPIClient(server: server, token: entry.token) { try await output(using: $0) })
  }
}

/// Runs `body` with a client whose HTTP connections are shut down afterwards; the
/// server's error messages become the command's.
func withAPIClient<T>(server: URL, token: String?, _ body: (RavenAPIClient) async throws -> T)
  async throws -> T
{
  let httpClient = HTTPClient(eventLoopGroupProvider: .singleton)
  do {
    let result = try await body(
      RavenAPIClient(server: server, token: token, httpClient: httpClient))
    try await httpClient.shutdown()
    return result
  } catch let failure as RavenAPIClient.APIFailure {
    try? await httpClient.shutdown()
    throw CommandFailure(message: failure.message)
  } catch {
    try? await httpClient.shutdown()
    throw error
  }
}
