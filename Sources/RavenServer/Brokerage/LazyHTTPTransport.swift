import AsyncHTTPClient
import RavenMarket
import ServiceLifecycle
import Synchronization

/// An `HTTPTransport` whose AsyncHTTPClient is made on the first request, for an
/// upstream most servers never call (a brokerage no user has linked). As a `Service` it
/// shuts the client down when the server stops, if there is one.
final class LazyHTTPTransport: HTTPTransport, Service {
  private let client = Mutex<HTTPClient?>(nil)

  func send(
    _ method: HTTPRequestMethod, _ url: String, headers: [(name: String, value: String)],
    body: [UInt8]?, timeout: Duration
  ) async throws(MarketDataError) -> HTTPAnswer {
    let client = self.client.withLock { client in
      if let client { return client }
      let made = HTTPClient(eventLoopGroupProvider: .singleton)
      client = made
      return made
    }
    return try await AsyncHTTPTransport(client: client).send(
      method, url, headers: headers, body: body, timeout: timeout)
  }

  func run() async throws {
    try? await gracefulShutdown()
    if let client = client.withLock({ $0 }) { try await client.shutdown() }
  }
}
