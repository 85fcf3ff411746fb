import Crypto
import Foundation
import RavenCore
import RavenStore

/// A simple trade, as the trade sheet and `POST /api/v1/trades` ask for it: so many shares
/// bought or sold at the market's price now. It is placed as a market order for the day
/// through the account's one order API (`TradingAccount.placeOrder`).
public struct SimpleTrade: Sendable, Hashable {
  public var symbol: Symbol
  public var side: TradeSide
  public var shares: Quantity

  public init(symbol: Symbol, side: TradeSide, shares: Quantity) {
    self.symbol = symbol
    self.side = side
    self.shares = shares
  }

  /// The market order the trade is placed as; with an idempotency key, its client order
  /// id is derived from the key, so a retried request finds the first order.
  public func order(idempotencyKey: String?) -> OrderRequest {
    OrderRequest(
      symbol: symbol, side: side, type: .market, qty: shares, timeInForce: .day,
      clientOrderID: idempotencyKey.map(Self.clientOrderID))
  }

  /// Client order ids are at most 128 characters; an idempotency key may be 255.
  static func clientOrderID(_ key: String) -> String {
    "raven-"
      + SHA256.hash(data: Data(key.utf8)).prefix(20).map { String(format: "%02x", $0) }
      .joined()
  }

  /// An order's refusal in the trade sheet's words (`TradeError`), which the API and the
  /// web app have always shown for a simple trade.
  static func refusal(_ error: any Error) -> any Error {
    let order: OrderError? =
      switch error {
      case let error as OrderError: error
      case StoreError.order(let error): error
      default: nil
      }
    return switch order {
    case .insufficientFunds: TradeError.insufficientFunds
    case .insufficientShares: TradeError.insufficientShares
    case .unknownSymbol: TradeError.unknownSymbol
    default: error
    }
  }

  /// Whether `error` may be the refusal of an order whose client order id a concurrent
  /// request took first.
  static func mayBeDuplicate(_ error: any Error) -> Bool {
    switch error {
    // A linked account's placeOrder has already turned Alpaca's duplicate into the
    // OrderError; Alpaca may also word it as a plain rejection.
    case OrderError.duplicateClientOrderID, StoreError.order(.duplicateClientOrderID),
      BrokerageError.rejected:
      true
    default: false
    }
  }
}

/// How the built-in ledger fills a market order as it is placed. A linked brokerage fills
/// its orders itself and reads neither.
public enum MarketFilling: Sendable, Hashable {
  /// As the market trades: against the rest of the minute and its volume while the
  /// market is open, else resting until it opens (Alpaca's way; the order APIs).
  case asTheMarketTrades
  /// At once and in whole, at the price quoted now (a buy at the ask, a sale at the
  /// bid), open or closed: the simple trade's promise.
  case atTheQuote
}

extension TradingAccount {
  /// Places `trade` as a market order filled at the quote. With an `idempotencyKey`
  /// this account has seen, nothing new is placed: the first order is answered again,
  /// marked as a replay, also when a concurrent request with the same key placed it.
  public func place(_ trade: SimpleTrade, idempotencyKey: String?) async throws -> AccountReceipt {
    let request = trade.order(idempotencyKey: idempotencyKey)
    if let id = request.clientOrderID, let earlier = try await order(clientOrderID: id) {
      return try await receipt(for: earlier, isReplay: true)
    }
    let placed: Order
    do {
      placed = try await placeOrder(request, filling: .atTheQuote)
    } catch {
      guard SimpleTrade.mayBeDuplicate(error), let id = request.clientOrderID,
        let earlier = try? await order(clientOrderID: id)
      else { throw SimpleTrade.refusal(error) }
      return try await receipt(for: earlier, isReplay: true)
    }
    return try await receipt(for: placed, isReplay: false)
  }

  /// Places an order, filled as the market trades.
  public func placeOrder(_ request: OrderRequest) async throws -> Order {
    try await placeOrder(request, filling: .asTheMarketTrades)
  }
}
