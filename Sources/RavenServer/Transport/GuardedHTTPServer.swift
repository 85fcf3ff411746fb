import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTP1

extension HTTPServerBuilder {
  /// HTTP/1.1 with the WebSocket upgrade, as `http1WebSocketUpgrade(webSocketRouter:)`,
  /// with every connection guarded until its first head (`RequestHeadGuard`) and closed
  /// when idle after that: `idleTimeout` bounds both the wait for a first complete head
  /// and the quiet between requests. WebSocket frames up to `maxFrameSize` bytes are read
  /// (Hummingbird's default is 16 KiB); a larger one closes the stream with 1009.
  static func guardedHTTP1WebSocketUpgrade<WebSocketRouter: HTTPResponderBuilder>(
    webSocketRouter: WebSocketRouter, idleTimeout: TimeAmount, maxFrameSize: Int
  ) -> HTTPServerBuilder where WebSocketRouter.Responder.Context: WebSocketRequestContext {
    let webSocketResponder = webSocketRouter.buildResponder()
    return .init { responder in
      GuardedChildChannel(
        inner: HTTP1WebSocketUpgradeChannel(
          responder: responder, webSocketResponder: webSocketResponder,
          configuration: .init(
            http1: .init(idleTimeout: idleTimeout), ws: .init(maxFrameSize: maxFrameSize))),
        firstRequestHead: idleTimeout)
    }
  }
}

/// A child channel that sets up `inner`'s pipeline, then puts a `RequestHeadGuard` right
/// after NIO's request decoder.
struct GuardedChildChannel<Inner: ServerChildChannel>: ServerChildChannel {
  let inner: Inner
  let firstRequestHead: TimeAmount

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Inner.Value> {
    let deadline = firstRequestHead
    return inner.setup(channel: channel, logger: logger).flatMapThrowing { value in
      let pipeline = channel.pipeline.syncOperations
      let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
      try pipeline.addHandler(RequestHeadGuard(deadline: deadline), position: .after(decoder))
      return value
    }
  }

  func handle(value: Inner.Value, logger: Logger) async {
    var quiet = logger
    quiet.handler = QuietClosedConnections(base: logger.handler)
    await inner.handle(value: value, logger: quiet)
  }
}
