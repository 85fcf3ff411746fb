import Foundation
import RavenCore
import RavenStore

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

  /// Equity looking back `lookback` (`.all`: since the account was funded), oldest first.
  func portfolioHistory(_ credentials: BrokerageCredentials, lookback: ChartLookback)
    async throws(BrokerageError) -> BrokeragePortfolioHistory

  /// Places an order of any type Raven takes (its fields are Alpaca's own); the brokerage
  /// fills it itself. Answers with the order as it stands: often still `new`.
  func placeOrder(_ request: OrderRequest, _ credentials: BrokerageCredentials)
    async throws(BrokerageError) -> Order

  /// One order in full; throws `notFound` when there is none.
  func order(id: UUID, _ credentials: BrokerageCredentials) async throws(BrokerageError)
    -> Order

  /// The order placed with this client order id, or nil: how a retried request finds
  /// the order its first attempt placed.
  func order(clientOrderID: String, _ credentials: BrokerageCredentials)
    async throws(BrokerageError) -> Order?

  /// Orders in `status` (of `symbol` when given), newest first, submitted before `until`
  /// when given.
  func orders(
    status: OrderListStatus, symbol: Symbol?, limit: Int, until: Date?,
    _ credentials: BrokerageCredentials
  ) async throws(BrokerageError) -> [Order]

  /// Asks the brokerage to cancel an open order; it may end a moment later. Throws
  /// `orderEnded` when the order can no longer be canceled.
  func cancelOrder(id: UUID, _ credentials: BrokerageCredentials) async throws(BrokerageError)

  /// Replaces an open order by one with `request`'s quantity, prices, time in force and
  /// client order id (its symbol, side and type stay); answers with the new order.
  func replaceOrder(
    id: UUID, with request: OrderRequest, _ credentials: BrokerageCredentials
  ) async throws(BrokerageError) -> Order
}
