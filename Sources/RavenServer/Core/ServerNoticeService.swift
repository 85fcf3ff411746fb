import Foundation
import Logging
import RavenCore
import RavenStore
import ServiceLifecycle

/// Passes on what the other servers sharing the database announce (`ServerNotices`): an
/// order another server's engine filled, or a client of another server placed, reaches the
/// streams of this server's clients too, and a credential revoked there ends here.
///
/// After a gap in listening (the database connection lost), what changed meanwhile is made
/// up for as far as the store can say: the account reads kept here are forgotten, and each
/// followed account's orders among its newest `catchUpLimit` that changed since a little
/// before the gap are sent again (a client may hear one twice, and one it already had may
/// come after a newer state of it). Best effort: an older good-till-canceled order filled
/// in the gap, or a credential revoked in it, is not made up for (the revoked credential
/// fails its next request here within a second; a stream already open with it stays).
struct ServerNoticeService: Service, CustomStringConvertible {
  let notices: any ServerNotices
  let changes: AccountChanges
  /// Where a credential another server revoked is forgotten and its streams end.
  let identities: Identities
  let store: any Store
  let logger: Logger
  /// How far before a gap began (on the market's clock) orders are sent again: a lost
  /// connection is found a moment late, and the engine stamps a fill with its minute's
  /// start, a minute or more (at `--sim-speed`, more market time) before it commits it.
  static let gapMargin: TimeInterval = 15 * 60
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
    case .notice(.orderChanged(let id, let account, let user)):
      do {
        let stored = try await store.order(id: id, accountID: account)
        await changes.heard(stored.order, of: account, to: user)
      } catch {
        logger.warning(
          "An order another server changed could not be read",
          metadata: ["order": "\(id)", "error": "\(error)"])
      }
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
