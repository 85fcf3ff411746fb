import Foundation
import Logging
import PostgresNIO
import RavenCore
import RavenStore

/// `ServerNotices` through PostgreSQL's `LISTEN`/`NOTIFY` on the store's database: each
/// server sends its notices on one channel and listens on it on a connection of its own,
/// ignoring its own. A notice is sent after the change it tells of committed, by one task
/// in the order announced (so an account's orders reach the other servers in order), and
/// never holds up the request that announced it.
public final class PostgresNotices: ServerNotices {
  /// What the channel of the servers on the database's current schema is called, unless
  /// told another: a channel is the whole database's, so each schema (a deployment, a
  /// test) has its own.
  static let schemaChannel = "SELECT 'raven_events_' || md5(current_schema())"
  /// PostgreSQL refuses a payload of 8,000 bytes or more; an order is about one.
  static let maximumPayload = 7_900

  private let client: PostgresClient
  /// Nil: the current schema's, found when the exchange starts.
  private let channel: String?
  private let clock: any WallClock
  private let logger: Logger
  /// Tells this server's notices from the others'.
  let serverID = UUID()
  private let outbox: AsyncStream<ServerNotice>
  private let queue: AsyncStream<ServerNotice>.Continuation

  public init(
    store: PostgresStore, clock: any WallClock, logger: Logger, channel: String? = nil
  ) {
    self.client = store.client
    self.channel = channel
    self.clock = clock
    self.logger = logger
    (outbox, queue) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(100_000))
  }

  struct Envelope: Codable {
    var from: UUID
    var notice: ServerNotice
  }

  public func announce(_ notice: ServerNotice) {
    queue.yield(notice)
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

  /// Sends the announced notices one after another until cancelled.
  private func send(on channel: String) async {
    for await notice in outbox {
      guard let payload = payload(notice) else { continue }
      do {
        _ = try await client.query(
          "SELECT pg_notify(\(channel), \(payload))", logger: logger
        ).collect()
      } catch {
        if Task.isCancelled { return }
        logger.warning("A notice to the other servers was lost", metadata: ["error": "\(error)"])
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
