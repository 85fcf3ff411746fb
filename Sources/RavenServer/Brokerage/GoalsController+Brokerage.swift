import RavenCore
import RavenStore

extension GoalsController {
  /// Where the shares that fund a user's goals are held.
  enum Holdings: Sendable {
    /// The built-in ledger: its positions, valued at the market's quotes.
    case ledger
    /// The user's linked brokerage: its positions at its own prices.
    case brokerage(shares: [Symbol: Quantity], prices: [Symbol: Price])

    /// The shares a goal save is checked against instead of the ledger's, if any.
    var brokerageShares: [Symbol: Quantity]? {
      if case .brokerage(let shares, _) = self { shares } else { nil }
    }
  }

  /// Asks the brokerage for a linked user's positions; one request per goals request.
  func holdings(of user: User) async throws -> Holdings {
    guard let credentials = try await services.brokerageCredentials(user) else { return .ledger }
    let positions = try await services.brokerage.positions(credentials)
    return .brokerage(
      shares: Dictionary(positions.map { ($0.symbol, $0.shares) }, uniquingKeysWith: +),
      prices: Dictionary(
        positions.map { ($0.symbol, $0.price) }, uniquingKeysWith: { first, _ in first }))
  }
}
