import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing

/// Pieces the fake upstreams of the live provider contract tests share.
enum FakeUpstream {
  /// How long a contract test's client waits for an answer the fake server does give:
  /// long enough that a busy machine (CI runs every suite at once on two cores) never times
  /// out a call that is answered. These tests are about answers, not speed; the time-out
  /// tests pass their own short time-out to a server that never answers.
  static let answerTimeout: Duration = .seconds(60)

  /// A JSON answer; the providers' upstreams send their errors as JSON too.
  static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
    Response(
      status: status, headers: [.contentType: "application/json; charset=utf-8"],
      body: .init(byteBuffer: ByteBuffer(string: text)))
  }

  /// The HTML page a load balancer answers with when the service behind it is down.
  static func htmlError(_ status: HTTPResponse.Status) -> Response {
    Response(
      status: status, headers: [.contentType: "text/html"],
      body: .init(
        byteBuffer: ByteBuffer(
          string: "<html><body>\(status.code) \(status.reasonPhrase)</body></html>")))
  }

  /// Serves `router` on an ephemeral local port and runs `body` with its base URL
  /// (`http://127.0.0.1:PORT` + `path`); `gate` is opened when `body` ends, so requests
  /// it holds as slow end with the test.
  static func serve(
    _ router: Router<BasicRequestContext>, path: String = "", releasing gate: SlowGate,
    _ body: @Sendable (String) async throws -> Void
  ) async throws {
    let app = Application(
      router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
    try await app.test(.live) { client in
      let port = try #require(client.port)
      defer { gate.open() }
      try await body("http://127.0.0.1:\(port)\(path)")
    }
  }

  /// A header's value, by case-insensitive name.
  static func header(_ name: String, of request: Request) -> String? {
    request.headers.first { $0.name.canonicalName == name.lowercased() }?.value
  }
}

/// Calls `record` with every request before passing it on.
struct UpstreamRecorder: RouterMiddleware {
  typealias Context = BasicRequestContext
  let record: @Sendable (Request) -> Void

  func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    record(request)
    return try await next(request, context)
  }
}

/// Holds requests until the test ends, so a client's timeout is what ends them.
final class SlowGate: Sendable {
  private let state = Mutex<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>(
    (false, []))

  func wait() async {
    await withCheckedContinuation { continuation in
      let resumeNow = state.withLock { state -> Bool in
        if state.isOpen { return true }
        state.waiters.append(continuation)
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }

  func open() {
    let waiters = state.withLock { state in
      state.isOpen = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}
