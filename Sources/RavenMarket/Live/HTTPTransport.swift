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

/// How live providers reach their upstream: plain GET requests. The live value is
/// `AsyncHTTPTransport` (AsyncHTTPClient); tests may point it at a local fake upstream
/// or substitute the transport entirely.
public protocol HTTPTransport: Sendable {
  /// GETs `url` with `headers`, giving up after `timeout`. Network failures and
  /// timeouts throw `MarketDataError.unavailable`; every HTTP status is an answer.
  func get(_ url: String, headers: [(name: String, value: String)], timeout: Duration)
    async throws(MarketDataError) -> HTTPAnswer
}
