import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore

/// `HTTPTransport` over AsyncHTTPClient. By default it sends through `HTTPClient.shared`,
/// which lives as long as the process and needs no shutdown.
public struct AsyncHTTPTransport: HTTPTransport {
  private let client: HTTPClient
  /// Answers longer than this are refused rather than held in memory.
  private let maximumBodyBytes: Int

  public init(client: HTTPClient = .shared, maximumBodyBytes: Int = 8 * 1024 * 1024) {
    self.client = client
    self.maximumBodyBytes = maximumBodyBytes
  }

  public func send(
    _ method: HTTPRequest.Method, _ url: String, headers: [(name: String, value: String)],
    body: [UInt8]?, timeout: Duration
  ) async throws(HTTPTransportError) -> HTTPAnswer {
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
      throw .timedOut
    } catch is NIOTooManyBytesError {
      throw .answerTooLarge
    } catch {
      // The error's text could name the host; the reason is enough.
      throw .failed(reason: "\(type(of: error))")
    }
  }
}

extension TimeAmount {
  fileprivate init(_ duration: Duration) {
    let (seconds, attoseconds) = duration.components
    self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
  }
}
