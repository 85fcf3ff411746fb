/// The smallest order: Alpaca refuses fractional orders worth under $1, and Raven refuses
/// every such order, so that no position is bought as dust whose cost, rounded up to the
/// cent, is many times its worth (0.0000001 shares charged $0.01 shows −100 %).
extension OrderRequest {
  /// An order must be worth at least this at its price.
  public static let minimumValue = Money(cents: 100)

  /// The order's worth at `price` (the market's price now): a dollar amount as asked,
  /// shares at the limit price when the order has one, else at `price`.
  public func value(at price: Price) -> Money? {
    if let notional { return notional }
    guard let qty else { return nil }
    return qty * (limitPrice ?? price)
  }

  /// Throws `amountTooSmall` when the order is worth under `minimumValue` at `price`,
  /// unless it sells every share still free to sell (`sellable`, the position less what
  /// other open sales hold), so that a remainder can always be sold. `sellable` is asked
  /// for only then.
  public func checkMinimum(at price: Price, sellable: () async throws -> Quantity)
    async throws
  {
    guard let value = value(at: price), value < Self.minimumValue else { return }
    if side == .sell, notional == nil, let qty, qty >= (try await sellable()) { return }
    throw OrderError.amountTooSmall
  }
}
