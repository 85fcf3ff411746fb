import Foundation
import RavenCore
import RavenStore

extension LinkedBrokerageAccount {
  /// Orders beyond the simple trade are not sent to a linked brokerage yet: refused in
  /// words, never faked.
  static let ordersNotLinked = BrokerageError.unsupported(
    "Orders other than simple trades are not yet available for a linked Alpaca account; unlink it to use Raven's orders"
  )

  public func placeOrder(_ request: OrderRequest) async throws -> Order {
    throw Self.ordersNotLinked
  }

  public func orders(status: OrderListStatus, symbol: Symbol?, limit: Int, before: Int64?)
    async throws -> AccountOrdersPage
  {
    throw Self.ordersNotLinked
  }

  public func order(id: UUID) async throws -> Order { throw Self.ordersNotLinked }

  public func cancelOrder(id: UUID) async throws -> Order { throw Self.ordersNotLinked }

  public func replaceOrder(id: UUID, with replacement: OrderReplacement) async throws -> Order {
    throw Self.ordersNotLinked
  }
}
