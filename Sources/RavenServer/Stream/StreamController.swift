import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging

/// `GET /api/v1/stream`: upgrades to a WebSocket that carries live quotes.
struct StreamController {
  let hub: QuoteStreamHub

  static let path = "/api/v1/stream"
  /// Client messages are small JSON commands.
  static let maximumMessageSize = 16 * 1024

  func addRoutes(to router: Router<BasicWebSocketRequestContext>) {
    router.ws(RouterPath(Self.path)) { inbound, outbound, context in
      let (id, messages) = await hub.connect()
      try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask {
          for await text in messages { try await outbound.write(.text(text)) }
        }
        defer { group.cancelAll() }
        for try await message in inbound.messages(maxSize: Self.maximumMessageSize) {
          await handle(message, from: id)
        }
        await hub.disconnect(id)
      }
      await hub.disconnect(id)
    }
  }

  private func handle(_ message: WebSocketMessage, from id: QuoteStreamHub.ConnectionID) async {
    guard case .text(let text) = message,
      let command = try? JSONDecoder().decode(ClientMessage.self, from: Data(text.utf8))
    else {
      await hub.reject(
        id, code: "invalid_message",
        message:
          #"Send {"type":"subscribe","symbols":["AAPL"]} or {"type":"unsubscribe","symbols":["AAPL"]}"#
      )
      return
    }
    switch command.type {
    case .subscribe: await hub.subscribe(id, to: command.symbols)
    case .unsubscribe: await hub.unsubscribe(id, from: command.symbols)
    }
  }
}
