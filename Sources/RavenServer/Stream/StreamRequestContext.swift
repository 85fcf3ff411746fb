import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The request context of a WebSocket upgrade. It keeps the connection's channel, so the
/// quote stream can put its own handler in the upgraded pipeline (`StreamOutbox`).
struct StreamRequestContext: RequestContext, WebSocketRequestContext {
  var coreContext: CoreRequestContextStorage
  let webSocket: WebSocketHandlerReference<Self>
  let channel: any Channel

  init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    webSocket = .init()
    channel = source.channel
  }
}
