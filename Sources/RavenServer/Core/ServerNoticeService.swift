import Foundation
import Logging
import RavenCore
import RavenStore
import ServiceLifecycle

/// Passes on what the other servers sharing the database announce (`ServerNotices`): an
/// order another server's engine filled, or a client of another server placed, reaches the
/// streams of this server's clients too, and a credential revoked there ends here. After a gap in listening, the orders changed since
/// it began are read from the store and sent again, so a client misses none (one it had
/// already may come twice).
struct ServerNoticeService: Service, CustomStringConvertible {
  let notices: any ServerNotices
  let changes: AccountChanges
  /// Where a credential another server revoked is forgotten and its streams end.
  let identities: Identities
  let store: any Store
  let logger: Logger
  /// How far before a gap began orders are sent again: a connection is found lost a
  /// moment after it was.
  static let gapMargin: TimeInterval = 5
  /// The most recent orders of an account read again after a gap.
  static let catchUpLimit = 500

  var description: String { "ServerNoticeService" }

  func run() async throws {
    await cancelWhenGracefulShutdown {
      await notices.exchange { delivery in await receive(delivery) }
    }
  }

  func receive(_ delivery: ServerNoticeDelivery) async {
    switch delivery {
    case .notice(.order(let order, let account, let user)):
      await changes.heard(order, of: account, to: user)
    case .notice(.revocation(let revocation)):
      identities.heard(revocation)
    case .listening(missedSince: nil):
      break
    case .listening(missedSince: let since?):
      // Whatever changed meanwhile is unknown here: nothing kept is trusted.
      changes.lostTrack()
      do {
        try await catchUp(since: since.addingTimeInterval(-Self.gapMargin))
      } catch {
        logger.warning(
          "Order changes missed while not listening could not be read",
          metadata: ["error": "\(error)"])
      }
    }
  }

  /// Sends again, oldest change first, the orders changed since `since` of every account
  /// this server's clients follow.
  func catchUp(since: Date) async throws {
    let (users, listened) = await changes.hub.followed
    var accounts = listened
    for user in users {
      for record in try await store.accounts(userID: user) where record.kind == .paper {
        accounts.insert(record.id)
      }
    }
    for account in accounts {
      let changed = try await store.orders(
        accountID: account, status: .all, symbol: nil, before: nil, limit: Self.catchUpLimit
      ).filter { $0.order.updatedAt >= since }.sorted { $0.order.updatedAt < $1.order.updatedAt }
      for stored in changed {
        await changes.heard(stored.order, of: account, to: stored.userID)
      }
    }
  }
}
