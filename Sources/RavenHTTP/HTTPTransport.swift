import HTTPTypes

/// One HTTP answer as a client of an outside API reads it: the status and the body's bytes.
public struct HTTPAnswer: Sendable, Hashable {
  public var status: Int
  public var body: [UInt8]

  public init(status: Int, body: [UInt8]) {
    self.status = status
    self.body = body
  }
}

/// How Raven reaches outside HTTP APIs (market data providers, brokerages). The live
/// value is `AsyncHTTPTransport` (AsyncHTTPClient); tests point it at a local fake
/// upstream or substitute the transport entirely, and a gateway may wrap it to meter
/// requests.
public protocol HTTPTransport: Sendable {
  /// Sends `method` to `url` with `headers` and `body` (nil: none), giving up after
  /// `timeout`. Every HTTP status is an answer; only a request that got none throws.
  func send(
    _ method: HTTPRequest.Method, _ url: String, headers: [(name: String, value: String)],
    body: [UInt8]?, timeout: Duration
  ) async throws(HTTPTransportError) -> HTTPAnswer
}

extension HTTPTransport {
  /// GETs `url` with `headers`, giving up after `timeout`.
  public func get(_ url: String, headers: [(name: String, value: String)], timeout: Duration)
    async throws(HTTPTransportError) -> HTTPAnswer
  {
    try await send(.get, url, headers: headers, body: nil, timeout: timeout)
  }
}
