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

  private func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
    let process = Process()
    process.executableURL = try binary()
    process.arguments = arguments
    process.environment = ["PATH": "/usr/bin:/bin"]
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
}
