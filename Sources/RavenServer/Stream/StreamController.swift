import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import RavenCore
import RavenStore

/// `GET /api/v1/stream`: upgrades to a WebSocket that carries live quotes, and the
/// changes to a signed-in user's orders (the session cookie or a bearer token on the
/// upgrade request says who; anyone else gets quotes only). Revoking that credential
/// (signing out, a new password, signing out everywhere, deleting the token) closes the
/// stream (1008, with the reason).
struct StreamController {
  let hub: QuoteStreamHub
  let auth: AuthMiddleware
  let revocations: CredentialRevocations

  static let path = "/api/v1/stream"
  /// Client messages are small JSON commands.
  static let maximumMessageSize = 16 * 1024

  func addRoutes(to router: Router<StreamRequestContext>) {
    // The hub writes to the connection's channel itself (`StreamOutbox`), batched per
    // event loop; this handler only reads the client's commands.
    router.ws(RouterPath(Self.path)) { inbound, outbound, context in
      let channel = context.requestContext.channel
      let outbox = try await StreamOutbox.install(on: channel)
      let (user, watch) = await signedIn(context.request)
      defer { watch?.end() }
      let id = await hub.connect(user: user, outbox: outbox)
      do {
        try await withThrowingTaskGroup(of: Void.self) { group in
          defer { group.cancelAll() }
          if let watch {
            group.addTask { try await watch.closeWhenRevoked(outbound, channel: channel) }
          }
          for try await message in inbound.messages(maxSize: Self.maximumMessageSize) {
            await handle(message, from: id)
          }
        }
      } catch {
        await hub.disconnect(id)
        throw error
      }
      await hub.disconnect(id)
    }
  }

  /// The signed-in user who opened the stream, and the watch on the credential they
  /// opened it with. A page on another site can make a browser open it with the user's
  /// cookie, so a cookie counts only from the server's own origin; a bearer token (not
  /// sent by browsers on their own) counts from anywhere.
  private func signedIn(_ request: Request) async -> (UserID?, RevocationWatch?) {
    guard let identity = await owner(of: request) else { return (nil, nil) }
    let watch = revocations.watch(StreamCredential(identity.credential), of: identity.user.id)
    // Revoked between the first look and the watch: the stream is anyone's.
    guard await owner(of: request)?.user.id == identity.user.id else {
      watch.end()
      return (nil, nil)
    }
    return (identity.user.id, watch)
  }

  private func owner(of request: Request) async -> AuthenticatedUser? {
    guard let identity = try? await auth.identity(of: request) else { return nil }
    if case .session = identity.credential, !Self.isSameOrigin(request) { return nil }
    return identity
  }

  /// Whether the request's `Origin`, if any, is the host it was sent to.
  static func isSameOrigin(_ request: Request) -> Bool {
    guard let origin = request.headers[.origin] else { return true }
    guard let authority = request.head.authority, let url = URL(string: origin),
      let host = url.host(percentEncoded: false)
    else { return false }
    return (url.port.map { "\(host):\($0)" } ?? host) == authority
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
