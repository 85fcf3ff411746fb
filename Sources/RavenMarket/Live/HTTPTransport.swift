import Foundation

/// One HTTP answer as a live provider reads it: the status and the body's bytes.
public struct HTTPAnswer: Sendable, Hashable {
  public var status: Int
  public var body: [UInt8]

  public init(status: Int, body: [UInt8]) {
    self.status = status
    self.body = body
  }
}

/// The HTTP methods live providers and brokerages send.
public enum HTTPRequestMethod: String, Sendable, Hashable {
  case get = "GET"
  case post = "POST"
  case delete = "DELETE"
}

/// How live providers reach their upstream. The live value is `AsyncHTTPTransport`
/// (AsyncHTTPClient); tests may point it at a local fake upstream or substitute the
/// transport entirely.
public protocol HTTPTransport: Sendable {
  /// Sends `method` to `url` with `headers` and `body` (nil: none), giving up after
  /// `timeout`. Network failures and timeouts throw `MarketDataError.unavailable`; every
  /// HTTP status is an answer.
  func send(
    _ method: HTTPRequestMethod, _ url: String, headers: [(name: String, value: String)],
    body: [UInt8]?, timeout: Duration
  ) async throws(MarketDataError) -> HTTPAnswer
}

extension HTTPTransport {
  /// GETs `url` with `headers`, giving up after `timeout`.
  public func get(_ url: String, headers: [(name: String, value: String)], timeout: Duration)
    async throws(MarketDataError) -> HTTPAnswer
  {
    try await send(.get, url, headers: headers, body: nil, timeout: timeout)
  }
}
