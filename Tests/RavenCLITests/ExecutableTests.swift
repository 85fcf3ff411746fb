import Foundation
import Testing

/// The built `raven` binary as a person runs it: output on stdout, errors on stderr
/// with a non-zero exit status.
@Suite("raven executable")
struct ExecutableTests {
  /// `swift build` puts the executable next to the test bundle.
  private func binary() throws -> URL {
    let testBundle = URL(fileURLWithPath: CommandLine.arguments[0])
    var directory = testBundle.deletingLastPathComponent()
    while directory.path != "/" {
      let candidate = directory.appendingPathComponent("raven")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    throw CocoaError(.fileNoSuchFile)
  }

  private func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (
    status: Int32, out: String, err: String
  ) {
    let process = Process()
    process.executableURL = try binary()
    process.arguments = arguments
    process.environment = environment.merging(["PATH": "/usr/bin:/bin"]) { $1 }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let output = out.fileHandleForReading.readDataToEndOfFile()
    let error = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: output, as: UTF8.self),
      String(decoding: error, as: UTF8.self)
    )
  }

  @Test("A quote prints to stdout and exits 0")
  func success() throws {
    let result = try run(["quote", "AAPL", "--at", "2026-11-20T18:00:00Z", "--json"])
    #expect(result.status == 0)
    #expect(result.out.contains("\"symbol\" : \"AAPL\""))
    #expect(result.err.isEmpty)
  }

  @Test("An unknown symbol goes to stderr with a non-zero exit")
  func unknownSymbol() throws {
    let result = try run(["quote", "NOPE", "--at", "2026-11-20T18:00:00Z"])
    #expect(result.status != 0)
    #expect(result.out.isEmpty)
    #expect(result.err.contains("Unknown symbol: NOPE"))
  }

  @Test("A bad range is a usage error")
  func badRange() throws {
    let result = try run(["chart", "AAPL", "--range", "2D"])
    #expect(result.status != 0)
    #expect(result.err.contains("2D"))
  }

  @Test("serve's keys never show in the configuration access log (CONFIG_ACCESS_LOG_FILE)")
  func secretsRedacted() throws {
    let log = FileManager.default.temporaryDirectory
      .appendingPathComponent("raven-access-\(UUID().uuidString).log")
    defer { try? FileManager.default.removeItem(at: log) }
    let secrets = [
      "RAVEN_SECRET_KEY": "secret-passphrase",
      "RAVEN_DATABASE_URL": "postgres://raven:db-password@127.0.0.1/raven",
      "FINNHUB_API_KEY": "finnhub-key", "ALPACA_API_KEY_ID": "alpaca-key-id",
      "ALPACA_API_SECRET_KEY": "alpaca-secret", "ALPHAVANTAGE_API_KEY": "alphavantage-key",
    ]
    // The seed is read last: a bad one stops `serve` once every other setting is read.
    let result = try run(
      ["serve"],
      environment: secrets.merging([
        "CONFIG_ACCESS_LOG_FILE": log.path, "RAVEN_PORT": "9093", "RAVEN_SIM_SEED": "x",
      ]) { $1 })
    #expect(result.status != 0)
    #expect(result.err.contains("The seed must be a whole number"))
    let text = try String(contentsOf: log, encoding: .utf8)
    #expect(text.contains("raven.port -> \"9093\""))
    #expect(text.contains("finnhub.apiKey -> \"<REDACTED>\""))
    for (name, value) in secrets {
      #expect(!text.contains(value), "\(name) shows in the access log")
    }
  }
}
