import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import Logging
import RavenCore
import RavenStore
import Testing

@testable import RavenServer

@Suite("Order changes on the stream")
struct OrderStreamTests {
  @Test(
    "A signed-in stream gets its user's order changes as they happen",
    .timeLimit(.minutes(1)))
  func ownerReceives() async throws {
    let app = try await TestServer.make()
    try await app.test(.live) { client in
      let browser = try await client.signUp("ada")
      // A script's stream says who it is with an API token (a browser's, with its cookie
      // from the page's own origin; this client sends `Origin: ws://localhost`).
      let created = try await client.json(
        .post, "/api/v1/auth/tokens",
        body: #"{"username":"ada","password":"correct horse","name":"bot"}"#)
      let token = try #require(try created.object()["token"] as? String)
      var configuration = WebSocketClientConfiguration()
      configuration.additionalHeaders[.authorization] = "Bearer \(token)"
      let orders = OrderMessages()
      try await client.ws("/api/v1/stream", configuration: configuration) { inbound, outbound, _ in
        // The quote's answer shows the connection is registered before orders change.
        try await outbound.write(.text(#"{"type":"subscribe","symbols":["AAPL"]}"#))
        for try await message in inbound.messages(maxSize: 1 << 20) {
          guard case .text(let text) = message else { continue }
          if text.contains(#""type":"quote""#), await orders.placed == nil {
            let placed = try await client.json(
              .post, "/api/v1/orders",
              body:
                #"{"symbol":"AAPL","side":"buy","type":"limit","qty":"3","limitPrice":"1.00","timeInForce":"gtc"}"#,
              headers: browser.headers())
            let id = try #require(try placed.object()["id"] as? String)
            await orders.place(id)
            _ = try await client.json(.delete, "/api/v1/orders/\(id)", headers: browser.headers())
          }
          if text.contains(#""type":"order""#), await orders.append(text) == 2 { break }
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

  @Test("Orders go to their owner's connections only, never to others or anonymous ones")
  func onlyOwner() async throws {
    let services = try await TestServices.make()
    let hub = services.hub
    let alice = UserID(1)
    let (aliceSocket, bobSocket, anonymousSocket) = try await (
      TestOutbox.make(), TestOutbox.make(), TestOutbox.make()
    )
    _ = await hub.connect(user: alice, outbox: aliceSocket.outbox)
    _ = await hub.connect(user: UserID(2), outbox: bobSocket.outbox)
    _ = await hub.connect(outbox: anonymousSocket.outbox)
    let order = Order(
      id: UUID(), clientOrderID: "c1",
      request: OrderRequest(
        symbol: "AAPL", side: .buy, type: .market, qty: 1, timeInForce: .day),
      submittedAt: TestServer.midSession)
    await hub.publish([order], of: AccountID(1), to: alice)
    await hub.publish([order], of: AccountID(3), to: UserID(3))
    let aliceMessages = try await aliceSocket.sent()
    #expect(aliceMessages.count == 1 && aliceMessages[0].contains(order.id.uuidString))
    #expect(aliceMessages[0].contains(AccountID(1).publicID.uuidString))
    #expect(try await bobSocket.sent().isEmpty, "Bob got Alice's order")
    #expect(try await anonymousSocket.sent().isEmpty, "An anonymous stream got an order")
  }

  @Test("A cookie counts only from the server's own origin")
  func sameOrigin() {
    func request(origin: String?) -> Request {
      var head = HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1:8080", path: "/")
      if let origin { head.headerFields[.origin] = origin }
      return Request(head: head, body: .init(buffer: .init()))
    }
    #expect(StreamController.isSameOrigin(request(origin: nil)))
    #expect(StreamController.isSameOrigin(request(origin: "http://127.0.0.1:8080")))
    #expect(!StreamController.isSameOrigin(request(origin: "https://evil.example")))
    #expect(!StreamController.isSameOrigin(request(origin: "http://127.0.0.1:9999")))
  }
}

/// What a stream test has seen: the order it placed and the messages about it.
actor OrderMessages {
  var texts: [String] = []
  var placed: String?

  func place(_ id: String) { placed = id }

  func append(_ text: String) -> Int {
    texts.append(text)
    return texts.count
  }
}
