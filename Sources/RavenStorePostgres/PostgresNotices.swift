import Foundation
import Logging
import PostgresNIO
import RavenCore
import RavenStore
import Synchronization

/// `ServerNotices` through PostgreSQL's `LISTEN`/`NOTIFY` on the store's database: each
/// server sends its notices on one channel and listens on it on a connection of its own,
/// ignoring its own. A notice is sent after the change it tells of committed, by one task
/// in the order announced (so an account's orders reach the other servers in order), and
/// never holds up the request that announced it. What was announced while the last
/// notices went is sent together, in one statement (one transaction's notifications
/// arrive in the order sent), so a busy server does not fall behind one round trip at a
/// time.
public final class PostgresNotices: ServerNotices {
  /// What the channel of the servers on the database's current schema is called, unless
  /// told another: a channel is the whole database's, so each schema (a deployment, a
  /// test) has its own.
  static let schemaChannel = "SELECT 'raven_events_' || md5(current_schema())"
  /// PostgreSQL refuses a payload of 8,000 bytes or more; an order is about one.
  static let maximumPayload = 7_900
  /// Notices sent in one statement at most.
  public static let batch = 500
  /// Notices waiting to be sent at most; past it the oldest are dropped (and logged),
  /// as when the database cannot be reached for long.
  static let backlog = 100_000

  private let client: PostgresClient
  /// Nil: the current schema's, found when the exchange starts.
  private let channel: String?
  private let clock: any WallClock
  private let logger: Logger
  /// Tells this server's notices from the others'.
  let serverID = UUID()
  /// Announced and not yet sent, oldest first.
  private let outbox = Mutex<[ServerNotice]>([])
  /// Wakes the sender when `outbox` has something.
  private let wake: AsyncStream<Void>
  private let waking: AsyncStream<Void>.Continuation

  public init(
    store: PostgresStore, clock: any WallClock, logger: Logger, channel: String? = nil
  ) {
    self.client = store.client
    self.channel = channel
    self.clock = clock
    self.logger = logger
    (wake, waking) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
  }

  struct Envelope: Codable {
    var from: UUID
    var notice: ServerNotice
  }

  public func announce(_ notice: ServerNotice) {
    let dropped = outbox.withLock { waiting in
      waiting.append(notice)
      return Self.trim(&waiting)
    }
    if dropped > 0 { Self.warnDropped(dropped, logger) }
    waking.yield()
  }

  /// Past `backlog`, drops the oldest tenth at once (so a long outage does not move the
  /// whole backlog for every notice); returns how many went.
  private static func trim(_ waiting: inout [ServerNotice]) -> Int {
    guard waiting.count > backlog else { return 0 }
    let dropped = waiting.count - backlog + backlog / 10
    waiting.removeFirst(dropped)
    return dropped
  }

  private static func warnDropped(_ count: Int, _ logger: Logger) {
    logger.warning(
      "Notices to the other servers piled up; the oldest were dropped",
      metadata: ["count": "\(count)"])
  }

  public func exchange(_ receive: @escaping @Sendable (ServerNoticeDelivery) async -> Void) async {
    guard let channel = await resolvedChannel() else { return }
    await withDiscardingTaskGroup { group in
      group.addTask { await self.send(on: channel) }
      group.addTask { await self.listen(on: channel, receive) }
    }
  }

  /// The channel, asking the database for the current schema's until it answers (nil once
  /// cancelled).
  private func resolvedChannel() async -> String? {
    if let channel { return channel }
    while !Task.isCancelled {
      do {
        if let name = try await client.query(PostgresQuery(unsafeSQL: Self.schemaChannel))
          .collect().first?.decode(String.self)
        {
          return name
        }
      } catch {
        logger.warning(
          "The notices' channel could not be named yet", metadata: ["error": "\(error)"])
      }
      try? await Task.sleep(for: .seconds(1))
    }
    return nil
  }

  /// Sends the announced notices until cancelled: all that waited, in order, up to
  /// `batch` in a statement. A batch the database refused goes back to the front and is
  /// sent again a second later (up to `backlog` notices wait meanwhile).
  private func send(on channel: String) async {
    for await _ in wake {
      while !Task.isCancelled {
        let notices = outbox.withLock { waiting in
          let taken = Array(waiting.prefix(Self.batch))
          waiting.removeFirst(taken.count)
          return taken
        }
        if notices.isEmpty { break }
        let payloads = notices.compactMap(payload)
        if payloads.isEmpty { continue }
        do {
          // A function scan yields the array in order, so the notifications go in order.
          _ = try await client.query(
            "SELECT count(pg_notify(\(channel), payload)) FROM unnest(\(payloads)::text[]) AS payload",
            logger: logger
          ).collect()
        } catch {
          if Task.isCancelled { return }
          logger.warning(
            "Notices to the other servers could not be sent; trying again in a second",
            metadata: ["count": "\(payloads.count)", "error": "\(error)"])
          let dropped = outbox.withLock { waiting in
            waiting.insert(contentsOf: notices, at: 0)
            return Self.trim(&waiting)
          }
          if dropped > 0 { Self.warnDropped(dropped, logger) }
          try? await Task.sleep(for: .seconds(1))
        }
      }
    }
  }

  /// The notice as sent; an order too large to send whole (many fills) is sent as its id,
  /// for the other servers to read from the store.
  func payload(_ notice: ServerNotice) -> String? {
    // Instants in whole microseconds, as the store keeps them: an order heard from another
    // server is the order its store row reads as.
    var text = try? StoredJSON.encode(Envelope(from: serverID, notice: notice), "a notice")
    if (text?.utf8.count ?? 0) > Self.maximumPayload,
      case .order(let order, let account, let user) = notice
    {
      text = try? StoredJSON.encode(
        Envelope(
          from: serverID, notice: .orderChanged(id: order.id, account: account, user: user)),
        "a notice")
    }
    guard let text, text.utf8.count <= Self.maximumPayload else {
      logger.warning("A notice too large for PostgreSQL was not sent")
      return nil
    }
    return text
  }

  /// Listens until cancelled, again a second after the connection is lost; what was
  /// missed meanwhile is announced with the instant listening stopped.
  private func listen(
    on channel: String, _ receive: @escaping @Sendable (ServerNoticeDelivery) async -> Void
  ) async {
    var stoppedAt: Date?
    while !Task.isCancelled {
      do {
        try await client.withConnection { connection in
          try await connection.listen(on: channel) { notifications in
            await receive(.listening(missedSince: stoppedAt))
            stoppedAt = nil
            for try await notification in notifications {
              guard
                let envelope = try? StoredJSON.decode(
                  Envelope.self, notification.payload, column: "notice"),
                envelope.from != serverID
              else { continue }
              await receive(.notice(envelope.notice))
            }
          }
        }
      } catch {
        if Task.isCancelled { return }
        logger.warning(
          "Listening to the other servers stopped; listening again", metadata: ["error": "\(error)"]
        )
      }
      stoppedAt = stoppedAt ?? clock.now
      try? await Task.sleep(for: .seconds(1))
    }
  }
}
