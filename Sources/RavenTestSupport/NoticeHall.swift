import Foundation
import RavenCore
import RavenStore
import Synchronization

/// Servers in one process that hear each other, as servers sharing a PostgreSQL database
/// do through `PostgresNotices`: each `member()` is one server's `ServerNotices`; what one
/// announces reaches every other member listening. `interrupt(_:)` cuts a member off (what
/// is announced meanwhile is lost to it, as on a dropped connection) until `resume(_:)`.
public final class NoticeHall: Sendable {
  struct Listener {
    var continuation: AsyncStream<ServerNoticeDelivery>.Continuation
    var interruptedAt: Date?
  }

  private let listeners = Mutex<[Int: Listener]>([:])
  private let nextID = Atomic<Int>(0)
  private let clock: any WallClock

  public init(clock: any WallClock) { self.clock = clock }

  /// A new server's notices.
  public func member() -> Member {
    Member(id: nextID.add(1, ordering: .relaxed).newValue, hall: self)
  }

  public struct Member: ServerNotices {
    public let id: Int
    let hall: NoticeHall

    public func announce(_ notice: ServerNotice) {
      hall.listeners.withLock { listeners in
        for (id, listener) in listeners where id != self.id && listener.interruptedAt == nil {
          listener.continuation.yield(.notice(notice))
        }
      }
    }

    public func exchange(_ receive: @escaping @Sendable (ServerNoticeDelivery) async -> Void)
      async
    {
      let (deliveries, continuation) = AsyncStream<ServerNoticeDelivery>.makeStream()
      hall.listeners.withLock {
        $0[id] = Listener(continuation: continuation, interruptedAt: nil)
      }
      continuation.yield(.listening(missedSince: nil))
      await withTaskCancellationHandler {
        for await delivery in deliveries { await receive(delivery) }
      } onCancel: {
        continuation.finish()
      }
      _ = hall.listeners.withLock { $0.removeValue(forKey: id) }
    }
  }

  /// Whether every member announced to is listening (a server's service has started).
  public var listening: Int { listeners.withLock { $0.count } }

  /// `member` hears nothing until `resume(_:)`.
  public func interrupt(_ member: Member) {
    let now = clock.now
    listeners.withLock { $0[member.id]?.interruptedAt = now }
  }

  /// `member` listens again, told since when it missed notices.
  public func resume(_ member: Member) {
    listeners.withLock { listeners in
      guard let listener = listeners[member.id], let since = listener.interruptedAt else { return }
      listeners[member.id]?.interruptedAt = nil
      listener.continuation.yield(.listening(missedSince: since))
    }
  }
}
