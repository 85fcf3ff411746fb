import HTTPTypes
import RavenHTTP
import RavenMarketData

/// The transport a live provider behind a gateway is given: every request it sends
/// during a gateway call is paid for by that call's `UpstreamRequestMeter`, so a
/// provider that follows pages or batches cannot spend more of its upstream's rate limit
/// than the gateway's budget allows. A request beyond the budget is not sent and throws
/// `HTTPTransportError.notAdmitted`, which providers report as rate limited.
public struct MeteredTransport: HTTPTransport {
  private let base: any HTTPTransport

  public init(_ base: any HTTPTransport) {
    self.base = base
  }

  public func send(
    _ method: HTTPRequest.Method, _ url: String, headers: [(name: String, value: String)],
    body: [UInt8]?, timeout: Duration
  ) async throws(HTTPTransportError) -> HTTPAnswer {
    guard await UpstreamRequestMeter.beforeRequest() else { throw .notAdmitted }
    return try await base.send(method, url, headers: headers, body: body, timeout: timeout)
  }
}
