import RavenCore

/// Where an account announces its changes: the account that places, replaces or cancels
/// an order, or trades, says so itself, so no caller can forget to (the server's streams
/// push the orders, and what it kept of the account is forgotten).
public protocol AccountEvents: Sendable {
  /// `orders` as they now stand, oldest change first, for `user`'s clients.
  func publish(_ orders: [Order], to user: UserID) async
  /// `user`'s cash or holdings may have changed (a trade, tried or made).
  func accountChanged(_ user: UserID) async
}
