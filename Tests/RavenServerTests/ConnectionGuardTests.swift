import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import RavenServer

/// What an attacker's malformed or idle connections get: an answer where one is due, and
/// a closed socket either way (issue 16, point 4).
@Suite("Connection guard")
struct ConnectionGuardTests {
  /// A server that closes idle connections after `idleTimeout` (half a second by default).
  static func server(idleTimeout: Duration = .milliseconds(500)) async throws
    -> some ApplicationProtocol
  {
    var configuration = TestServer.configuration()
    configuration.idleTimeout = idleTimeout
    return try await TestServer.make(configuration: configuration)
  }

  @Test("Malformed request heads are answered and the connection closed")
  func malformedHeads() async throws {
    // A long idle timeout: on a loaded machine writing a megabyte can take longer than half a
    // second, and the guard would then close the connection as idle before it could answer.
    let app = try await Self.server(idleTimeout: .seconds(30))
    try await app.test(.live) { client in
      let port = try #require(client.port)
      let manyHeaders = (0..<10_000).map { "X-H\($0): v\r\n" }.joined()
      let cases: [(String, String, String)] = [
        ("garbage", "GARBAGE\r\n\r\n", "400"),
        (
          "long URL",
          "GET /\(String(repeating: "a", count: 1_000_000)) HTTP/1.1\r\nHost: x\r\n\r\n", "431"
        ),
        (
          "large header",
          "GET / HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "b", count: 100_000))\r\n\r\n",
          "431"
        ),
        ("10,000 headers", "GET / HTTP/1.1\r\nHost: x\r\n\(manyHeaders)\r\n", "431"),
        (
          "length and chunked",
          "POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n"
            + "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n", "400"
        ),
        (
          "negative length",
          "POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n", "400"
        ),
      ]
      for (name, request, status) in cases {
        let answer = try await RawHTTP.answerBeforeClose(
          to: Array(request.utf8), port: port, within: .seconds(30))
        // Generous: the answer and the close come at once; a busy machine only delays them.
        let text = try #require(answer, "\(name): still open after 30 s")
        #expect(text.hasPrefix("HTTP/1.1 \(status)"), "\(name): \(text.prefix(40))")
      }
    }
  }

  @Test("A connection that never sends a whole request head is closed")
  func idleBeforeFirstHead() async throws {
    let app = try await Self.server()
    try await app.test(.live) { client in
      let port = try #require(client.port)
      // Generous limits: the idle timer's close is what is awaited, and a machine busy
      // with the whole suite can hold a timer back by seconds.
      let silent = try await RawHTTP.answerBeforeClose(to: [], port: port, within: .seconds(30))
      #expect(silent == "")
      let partial = try await RawHTTP.answerBeforeClose(
        to: Array("GET /healthz HTTP/1.1\r\nHost: x\r\n".utf8), port: port, within: .seconds(30))
      #expect(partial == "")
    }
  }

  @Test("A kept-alive connection is closed when idle after a request, and still served before")
  func idleAfterRequest() async throws {
    // Two seconds, not half of one, and 30 s to see the close: a machine busy with the
    // whole suite once kept the server from reading a head sent at once for longer than
    // half a second, and once held the idle timer's close back past 5 s.
    let app = try await Self.server(idleTimeout: .seconds(2))
    try await app.test(.live) { client in
      let port = try #require(client.port)
      let answer = try await RawHTTP.answerBeforeClose(
        to: Array("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n".utf8), port: port,
        within: .seconds(30))
      let text = try #require(answer, "still open after 30 s")
      #expect(text.hasPrefix("HTTP/1.1 200"))
      #expect(text.contains("\"ok\""))
    }
  }
}
