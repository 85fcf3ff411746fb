import Foundation
import Logging
import RavenBrokerage
import RavenCore
import RavenHTTP
import RavenStore

extension ServerDependencies {
  /// Lets users link their Alpaca paper accounts: orders and portfolios of linked users go
  /// to `configuration.alpacaTradingBaseURL` with each user's own keys, sealed at rest
  /// under the server's secret key. Nothing is sent until a user links an account.
  public mutating func useAlpacaBrokerage(_ configuration: ServerConfiguration, logger: Logger)
    throws
  {
    secretKey = try ServerSecret.key(configuration, logger: logger)
    brokerage = AlpacaBrokerage(
      configuration: AlpacaTradingConfiguration(baseURL: configuration.alpacaTradingBaseURL),
      transport: AsyncHTTPTransport())
  }
}

/// The brokerage of a server built without one (tests that do not trade through a
/// brokerage): every call says it is unavailable, so linking is refused with a 503.
public struct UnconfiguredBrokerage: Brokerage {
  public init() {}

  public var provider: String { "alpaca" }

  private static let error = BrokerageError.unavailable("no brokerage is configured")

  public func account(_ credentials: BrokerageCredentials) async throws(BrokerageError)
    -> BrokerageAccount
  { throw Self.error }

  public func positions(_ credentials: BrokerageCredentials) async throws(BrokerageError)
    -> [BrokeragePosition]
  { throw Self.error }

  public func portfolioHistory(_ credentials: BrokerageCredentials, lookback: ChartLookback)
    async throws(BrokerageError) -> BrokeragePortfolioHistory
  { throw Self.error }

  public func placeOrder(_ request: OrderRequest, _ credentials: BrokerageCredentials)
    async throws(BrokerageError) -> Order
  { throw Self.error }

  public func order(id: UUID, _ credentials: BrokerageCredentials)
    async throws(BrokerageError) -> Order
  { throw Self.error }

  public func order(clientOrderID: String, _ credentials: BrokerageCredentials)
    async throws(BrokerageError) -> Order?
  { throw Self.error }

  public func orders(
    status: OrderListStatus, symbol: Symbol?, limit: Int, until: Date?,
    _ credentials: BrokerageCredentials
  ) async throws(BrokerageError) -> [Order] { throw Self.error }

  public func cancelOrder(id: UUID, _ credentials: BrokerageCredentials)
    async throws(BrokerageError)
  { throw Self.error }

  public func replaceOrder(
    id: UUID, with request: OrderRequest, _ credentials: BrokerageCredentials
  ) async throws(BrokerageError) -> Order { throw Self.error }
}
