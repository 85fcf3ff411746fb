import AsyncHTTPClient
import Foundation
import NIOCore

/// `HTTPTransport` over AsyncHTTPClient. The client is owned by whoever made it (the
/// server shuts it down when it stops); this only sends requests through it.
public struct AsyncHTTPTransport: HTTPTransport {
  private let client: HTTPClient
  /// Answers longer than this are refused rather than held in memory.
  private let maximumBodyBytes: Int

  public init(client: HTTPClient, maximumBodyBytes: Int = 8 * 1024 * 1024) {
    self.client = client
    self.maximumBodyBytes = maximumBodyBytes
  }

  public func send(
    _ method: HTTPRequestMethod, _ url: String, headers: [(name: String, value: String)],
    body: [UInt8]?, timeout: Duration
  ) async throws(MarketDataError) -> HTTPAnswer {
    var request = HTTPClientRequest(url: url)
    request.method = .init(rawValue: method.rawValue)
    for header in headers { request.headers.add(name: header.name, value: header.value) }
    if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
    let deadline = NIODeadline.now() + TimeAmount(timeout)
    do {
      let response = try await client.execute(request, deadline: deadline)
      let body = try await response.body.collect(upTo: maximumBodyBytes)
      return HTTPAnswer(status: Int(response.status.code), body: Array(buffer: body))
    } catch let error as HTTPClientError
      where error == .deadlineExceeded || error == .readTimeout || error == .connectTimeout
    {
      throw .unavailable("the request timed out")
    } catch is NIOTooManyBytesError {
      throw .unavailable("the answer was too large")
    } catch {
      // The error's text could name the host; the reason is enough.
      throw .unavailable("the request failed (\(type(of: error)))")
    }
  }
}

extension TimeAmount {
  fileprivate init(_ duration: Duration) {
    let (seconds, attoseconds) = duration.components
    self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
  }
}
