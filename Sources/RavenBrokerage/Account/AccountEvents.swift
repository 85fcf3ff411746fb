import RavenCore

/// Where an account announces its changes: the account that places, replaces or cancels
/// an order, or trades, says so itself, so no caller can forget to (the server's streams
/// push the orders, and what it kept of the account is forgotten).
public protocol AccountEvents: Sendable {
  /// `orders` of `account` as they now stand, oldest change first, for its owner
  /// `user`'s clients.
  func publish(_ orders: [Order], of account: AccountID, to user: UserID) async
  /// The account's cash or holdings may have changed (a trade, tried or made).
  func accountChanged(_ account: AccountID) async
}
