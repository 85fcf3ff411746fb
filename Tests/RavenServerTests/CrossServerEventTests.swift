import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import Logging
import RavenCore
import RavenSimulation
import RavenStore
import RavenStorePostgres
import RavenStoreSQLite
import RavenTestSupport
import ServiceLifecycle
import Testing

@testable import RavenServer

/// Servers sharing a database hear each other's order changes (issue 38): the notices go
/// through `NoticeHall` here, as through PostgreSQL's `LISTEN`/`NOTIFY` in production
/// (`PostgresNoticesTests` holds that part).
@Suite("Order events across servers")
struct CrossServerEventTests {
  static func server(
    store: any Store, clock: ManualWallClock, notices: any ServerNotices,
    services: [any Service] = []
  ) async throws -> some ApplicationProtocol {
    var dependencies = ServerDependencies(
      store: store, provider: SimulatedMarket(seed: 42, calendar: TestServer.calendar),
      clock: clock, calendar: TestServer.calendar, services: services)
    dependencies.notices = notices
    // On PostgreSQL the engine's lease too, as `raven serve` wires it: a server holding its
    // lock must still stop when asked (its lock let go before the pool closes).
    if let store = store as? PostgresStore {
      dependencies.engineLease = PostgresEngineLease(store: store, logger: Logger(label: "test"))
    }
    return try await buildApplication(TestServer.configuration(), dependencies: dependencies)
  }

  /// Two servers' notices: through PostgreSQL's `LISTEN`/`NOTIFY` on the test schema's channel, or
  /// a hall in this process for SQLite.
  static func notices(_ kind: TestStore, store: any Store, clock: ManualWallClock)
    throws -> (ListeningNotices, ListeningNotices)
  {
    switch kind {
    case .sqlite:
      let hall = NoticeHall(clock: clock)
      return (ListeningNotices(hall.member()), ListeningNotices(hall.member()))
    case .postgres:
      let store = try #require(store as? PostgresStore)
      func notices() -> ListeningNotices {
        ListeningNotices(
          PostgresNotices(
            store: store, clock: clock, logger: Logger(label: "test")))
      }
      return (notices(), notices())
    }
  }

  @Test(
    "An order placed and canceled through one server reaches a stream on the other",
    .timeLimit(.minutes(1)), arguments: TestStore.available)
  func streamOnAnotherServer(kind: TestStore) async throws {
    try await kind.with { store, services in
      let clock = ManualWallClock(TestServer.midSession)
      let (one, two) = try Self.notices(kind, store: store, clock: clock)
      let placing = try await Self.server(store: store, clock: clock, notices: one)
      let streaming = try await Self.server(
        store: store, clock: clock, notices: two, services: services)
      try await streaming.test(.live) { client in
        let browser = try await client.signUp("ada")
        let created = try await client.json(
          .post, "/api/v1/auth/tokens",
          body: #"{"username":"ada","password":"correct horse","name":"bot"}"#)
        let token = try #require(try created.object()["token"] as? String)
        var signedIn = WebSocketClientConfiguration()
        signedIn.additionalHeaders[.authorization] = "Bearer \(token)"
        let configuration = signedIn
        let orders = OrderMessages()
        // Both servers run (the placing one sends its notices as a service does), and both
        // listen before anything is placed.
        try await placing.test(.live) { other in
          await one.listening()
          await two.listening()
          try await client.ws("/api/v1/stream", configuration: configuration) {
            inbound, outbound, _ in
            try await outbound.write(.text(#"{"type":"subscribe","symbols":["AAPL"]}"#))
            for try await message in inbound.messages(maxSize: 1 << 20) {
              guard case .text(let text) = message else { continue }
              if text.contains(#""type":"quote""#), await orders.placed == nil {
                let placed = try await other.json(
                  .post, "/api/v1/orders",
                  body:
                    #"{"symbol":"AAPL","side":"buy","type":"limit","qty":"3","limitPrice":"1.00","timeInForce":"gtc"}"#,
                  headers: browser.headers())
                let id = try #require(try placed.object()["id"] as? String)
                await orders.place(id)
                _ = try await other.json(
                  .delete, "/api/v1/orders/\(id)", headers: browser.headers())
              }
              if text.contains(#""type":"order""#), await orders.append(text) == 2 { break }
            }
          }
        }
        let placed = await orders.placed
        let statuses = try await orders.texts.map { text in
          let message = try #require(
            try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
          let order = try #require(message["order"] as? [String: Any])
          #expect(order["id"] as? String == placed)
          return order["status"] as? String
        }
        #expect(statuses == ["new", "canceled"])
      }
    }
  }

  @Test(
    "Deleting an API key through one server closes its trading stream on the other",
    .timeLimit(.minutes(1)), arguments: TestStore.available)
  func revocationOnAnotherServer(kind: TestStore) async throws {
    try await kind.with { store, services in
      let clock = ManualWallClock(TestServer.midSession)
      let (one, two) = try Self.notices(kind, store: store, clock: clock)
      let revoking = try await Self.server(store: store, clock: clock, notices: one)
      let streaming = try await Self.server(
        store: store, clock: clock, notices: two, services: services)
      try await streaming.test(.live) { client in
        let browser = try await client.signUp()
        let key = try await client.createKey(browser)
        try await revoking.test(.live) { other in
          await one.listening()
          await two.listening()
          let closed = try await client.ws("/stream") { inbound, outbound, _ in
            try await outbound.write(
              .text(
                #"{"action":"authenticate","data":{"key_id":"\#(key.keyID)","secret_key":"\#(key.secret)"}}"#
              ))
            var deadline: Task<Void, Never>?
            defer { deadline?.cancel() }
            for try await message in inbound.messages(maxSize: 1 << 20) {
              guard case .text(let text) = message, text.contains(#""status":"authorized""#)
              else { continue }
              let revoked = try await other.json(
                .delete, "/api/v1/auth/api-keys/\(key.id)", headers: browser.headers())
              #expect(revoked.status == .noContent)
              deadline = outbound.closeUnlessClosed(after: StreamRevocationTests.limit)
            }
          }
          #expect(closed?.closeCode == .policyViolation)
          #expect(closed?.reason == "API key revoked")
        }
      }
    }
  }

  @Test("After a gap in listening, the orders changed meanwhile are sent again from the store")
  func catchUpAfterGap() async throws {
    let services = try await TestServices.make()
    let store = services.store
    try await store.migrate()
    let clock = ManualWallClock(TestServer.midSession)
    let user = try await store.createUser(
      username: "ada", passwordHash: "x", startingCash: 25_000, at: clock.now)
    let account = try await store.firstAccount(of: user.id)
    let changes = AccountChanges(hub: services.hub, reads: AccountReads(clock: clock))
    let service = ServerNoticeService(
      notices: NoticeHall(clock: clock).member(), changes: changes,
      identities: Identities(store: store, revocations: CredentialRevocations(), clock: clock),
      store: store,
      logger: Logger(label: "test"))
    let (_, heard) = await services.hub.listenToOrders(of: account)
    // Placed while the server was not listening: an hour ago, and a minute ago.
    let old = Order(
      id: UUID(), clientOrderID: "old",
      request: OrderRequest(
        symbol: "AAPL", side: .buy, type: .limit, qty: 1, limitPrice: Price(cents: 100),
        timeInForce: .gtc),
      submittedAt: clock.now.addingTimeInterval(-3_600))
    var recent = old
    recent.id = UUID()
    recent.clientOrderID = "recent"
    recent.submittedAt = clock.now.addingTimeInterval(-60)
    recent.updatedAt = recent.submittedAt
    for order in [old, recent] {
      _ = try await store.placeOrder(order, holdPrice: Price(cents: 100), accountID: account)
    }
    await service.receive(.listening(missedSince: clock.now.addingTimeInterval(-120)))
    var iterator = heard.makeAsyncIterator()
    let first = await iterator.next()
    #expect(first?.clientOrderID == "recent")
    // Nothing else: the order changed before the gap is not sent again.
    await service.receive(.notice(.order(old, account: account, user: user.id)))
    #expect(await iterator.next()?.clientOrderID == "old")
    // An order too large to send whole comes as its id, and is read from the store.
    await service.receive(.notice(.orderChanged(id: recent.id, account: account, user: user.id)))
    #expect(await iterator.next()?.clientOrderID == "recent")
  }
}

/// A server's notices that say when they are first listening.
struct ListeningNotices: ServerNotices {
  let base: any ServerNotices
  private let signal = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))

  init(_ base: any ServerNotices) { self.base = base }

  func announce(_ notice: ServerNotice) { base.announce(notice) }

  func exchange(_ receive: @escaping @Sendable (ServerNoticeDelivery) async -> Void) async {
    await base.exchange { [signal] delivery in
      if case .listening = delivery { signal.continuation.yield() }
      await receive(delivery)
    }
  }

  /// Returns once listening.
  func listening() async {
    var iterator = signal.stream.makeAsyncIterator()
    _ = await iterator.next()
  }
}
