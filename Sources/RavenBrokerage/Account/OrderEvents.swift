import RavenCore

/// Where an account announces what became of its orders (the server's streams): the
/// account that places, replaces or cancels an order says so itself, so no caller can
/// forget to.
public protocol OrderEvents: Sendable {
  /// `orders` as they now stand, oldest change first, for `user`'s clients.
  func publish(_ orders: [Order], to user: UserID) async
}
