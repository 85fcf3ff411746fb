import Foundation
import RavenCore

/// A real brokerage account a user trades through instead of Raven's built-in ledger.
///
/// One value serves every user: each call names the account by its credentials, so the
/// server keeps no per-user connection and the credentials stay sealed in the store
/// until a request needs them. The live value is `AlpacaBrokerage`; tests use
/// `FakeBrokerage`.
public protocol Brokerage: Sendable {
  /// The provider's stable name, e.g. `alpaca`, as stored with a user's link.
  var provider: String { get }

  /// The account's cash and equity; also how keys are checked before they are kept.
  func account(_ credentials: BrokerageCredentials) async throws(BrokerageError)
    -> BrokerageAccount

  /// Open positions, in the brokerage's order.
  func positions(_ credentials: BrokerageCredentials) async throws(BrokerageError)
    -> [BrokeragePosition]

  /// Equity over `range` (1D, 1W, 1M or 1Y), oldest first.
  func portfolioHistory(_ credentials: BrokerageCredentials, range: ChartRange)
    async throws(BrokerageError) -> BrokeragePortfolioHistory

  /// Places a market order good for the day.
  func submitOrder(_ order: BrokerageOrderRequest, _ credentials: BrokerageCredentials)
    async throws(BrokerageError) -> BrokerageOrder

  /// One order by the brokerage's id; throws `notFound` when there is none.
  func order(id: String, _ credentials: BrokerageCredentials) async throws(BrokerageError)
    -> BrokerageOrder

  /// The order placed with this client order id, or nil: how a retried request finds
  /// the order its first attempt placed.
  func order(clientOrderID: String, _ credentials: BrokerageCredentials)
    async throws(BrokerageError) -> BrokerageOrder?

  /// Orders of every status, newest first, submitted before `until` when given.
  func orders(limit: Int, until: Date?, _ credentials: BrokerageCredentials)
    async throws(BrokerageError) -> [BrokerageOrder]
}
