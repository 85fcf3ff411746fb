import Hummingbird

/// Pieces the fake upstreams of the live provider contract tests share.
enum FakeUpstream {
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
