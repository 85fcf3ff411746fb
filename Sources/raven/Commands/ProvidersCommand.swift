import ArgumentParser
import Foundation

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
      .GET, "api/v1/market/providers", as: APIModels.ProvidersReport.self)
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

  /// `58/60 a minute, 30/30 a second`; `unlimited` without limits.
  static func budget(_ limits: [APIModels.ProvidersReport.Budget]) -> String {
    guard !limits.isEmpty else { return "unlimited" }
    return limits.map { limit in
      "\(limit.remaining)/\(limit.capacity) \(period(capacity: limit.capacity, refill: limit.refillPerSecond))"
    }.joined(separator: ", ")
  }

  /// The period a bucket refills over, in words: a capacity refilled at `refill` a second.
  private static func period(capacity: Int, refill: Double) -> String {
    guard refill > 0 else { return "" }
    let seconds = Double(capacity) / refill
    switch seconds {
    case ..<1.5: return "a second"
    case 55..<65: return "a minute"
    case 3_500..<3_700: return "an hour"
    case 86_000..<87_000: return "a day"
    default: return "per \(Int(seconds.rounded())) s"
    }
  }

  static func circuit(_ circuit: APIModels.ProvidersReport.Circuit) -> String {
    switch circuit.state {
    case "closed": return "answering"
    case "open":
      return "failing" + (circuit.retryAt.map { ", retrying at \(ISO8601.format($0))" } ?? "")
    default: return "trying again"
    }
  }
}
