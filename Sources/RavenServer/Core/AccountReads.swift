import Foundation
import Hummingbird
import RavenBrokerage
import RavenCore
import RavenStore

/// Each user's ledger account and brokerage link as the store gave them moments ago, so a
/// portfolio polled every few seconds by many users does not read them on every request.
///
/// A user's own request that may change them (any but GET, HEAD and OPTIONS) forgets them
/// on this server once it is answered, and so does a fill by this server's order engine:
/// the user's next read here sees the change. Another server's writes are seen within
/// `lifetime`, as its revocations are (`CredentialCache`).
struct AccountReads: Sendable {
  static let lifetime: TimeInterval = 1

  let ledgers: LedgerReads
  /// For choosing the account a read shows; a request that trades reads the link afresh,
  /// so an order never follows a link another server has just removed.
  let links: RecentReads<UserID, BrokerageLink?>

  init(clock: any WallClock, capacity: Int = 10_000) {
    ledgers = LedgerReads(lifetime: Self.lifetime, capacity: capacity, clock: clock)
    links = RecentReads(lifetime: Self.lifetime, capacity: capacity, clock: clock)
  }

  func forget(_ userID: UserID) {
    ledgers.forget(userID)
    links.forget(userID)
  }

  func forgetAll() {
    ledgers.forgetAll()
    links.forget { _, _ in true }
  }
}

/// Forgets what `AccountReads` keeps of the signed-in user after each of their requests
/// that may have changed it.
struct AccountWritesMiddleware: RouterMiddleware {
  typealias Context = RavenRequestContext

  let reads: AccountReads

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard request.method.changesState, let userID = context.identity?.user.id else {
      return try await next(request, context)
    }
    // Also when the request fails: part of it may have been written.
    defer { reads.forget(userID) }
    return try await next(request, context)
  }
}
