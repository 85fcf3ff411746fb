import ArgumentParser
import Foundation
import RavenAPI

/// What a running server gets its market data from: which provider serves each kind
/// first, which it stands in for, how much of its rate budget is left, and whether it is
/// failing. Asks the server, because the budgets are the server's, not this process's.
struct ProvidersCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "providers",
    abstract: "Show where a Raven server's market data comes from and each provider's budget.")

  @OptionGroup var serverOptions: ServerOptions

  func run() async throws {
    let environment = ProcessInfo.processInfo.environment
    let server = try serverOptions.serverURL(environment: environment)
    // No sign-in needed; a stored token is sent when there is one.
    let token = CredentialsFile.locate(environment: environment).entry(for: server)?.token
    print(try await withAPIClient(server: server, token: token) { try await output(using: $0) })
  }

  func output(using client: RavenAPIClient) async throws -> String {
    let report = try await client.send(
      .GET, "api/v1/market/providers", as: ProvidersBody.self)
    if serverOptions.json { return try JSONOutput.render(report) }
    var table = TextTable([
      ("PROVIDER", .left), ("SERVES", .left), ("FALLBACK FOR", .left), ("BUDGET LEFT", .left),
      ("STATE", .left),
    ])
    for provider in report.providers {
      table.append([
        provider.attribution.name + (provider.attribution.isSimulated ? " (simulated)" : ""),
        Self.list(provider.capabilities), Self.list(provider.fallbackFor),
        Self.budget(provider.budget), Self.circuit(provider.circuit),
      ])
    }
    return table.render()
  }

  static func list(_ kinds: [String]) -> String {
    kinds.isEmpty
      ? "—"
      : kinds.map { $0.replacingOccurrences(of: "_", with: " ") }
        .joined(separator: ", ")
  }

  /// `30 now (60 a minute), 5 now (25 a day, 1 a second)`: the calls that can be made at
  /// once, and the provider's terms; `unlimited` without limits.
  static func budget(_ limits: [ProvidersBody.Budget]) -> String {
    guard let now = limits.map(\.remaining).min() else { return "unlimited" }
    let terms = limits.map { limit in
      if let calls = limit.windowCalls, let seconds = limit.windowSeconds {
        return "\(calls) \(period(seconds))"
      }
      return "\(limit.capacity) at once"
    }
    return "\(now) now (\(terms.joined(separator: ", ")))"
  }

  /// A window in words: `a second`, `a minute`, `an hour`, `a day`, else `per N s`.
  private static func period(_ seconds: Double) -> String {
    switch seconds {
    case 1: "a second"
    case 60: "a minute"
    case 3_600: "an hour"
    case 86_400: "a day"
    default: "per \(Int(seconds.rounded())) s"
    }
  }

  static func circuit(_ circuit: ProvidersBody.Circuit) -> String {
    switch circuit.state {
    case .closed: return "answering"
    case .open:
      return "failing" + (circuit.retryAt.map { ", retrying at \(ISO8601.format($0))" } ?? "")
    case .halfOpen: return "trying again"
    }
  }
}
