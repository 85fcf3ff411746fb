import Foundation
import RavenCore
import RavenStore

extension LedgerStore {
  /// A simple trade as the built-in ledger places it: a market order for the day, filled
  /// in whole at `price` in the transaction that records it. Answers its trade and the
  /// cash after it; refused as any order is (`StoreError.order`).
  @discardableResult
  public func simpleTrade(
    _ side: TradeSide, _ shares: Quantity, _ symbol: Symbol, at price: Price,
    accountID: AccountID, clientOrderID: String? = nil, time: Date
  ) async throws(StoreError) -> TradeReceipt {
    let id = UUID()
    let order = Order(
      id: id, clientOrderID: clientOrderID ?? id.uuidString,
      request: OrderRequest(
        symbol: symbol, side: side, type: .market, qty: shares, timeInForce: .day),
      submittedAt: time)
    _ = try await placeOrder(
      order, holdPrice: price, accountID: accountID, replacing: nil,
      matched: [.wholeFill(of: order, qty: shares, accountID: accountID, at: price)])
    guard let made = try await trades(orderID: id, accountID: accountID).last else {
      throw .notFound
    }
    return made
  }
}
