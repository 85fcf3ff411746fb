import NIOCore
import NIOWebSocket
import RavenCore

/// Writes the quote hub's messages to one WebSocket connection, and keeps a client that
/// reads slower than the messages come from costing memory without bound.
///
/// While the channel is writable, messages go straight out. While it is not (the kernel's
/// socket buffer and NIO's outbound buffer above its high-water mark are full), a quote
/// replaces that symbol's quote waiting before it, so a slow client gets the newest price
/// of each symbol once it catches up rather than every tick it missed; messages that must
/// arrive (orders, errors) wait in order. A client that stays behind longer than
/// `patience`, or lets more than `maximumWaiting` such messages pile up, is disconnected:
/// it reconnects and starts from fresh quotes.
///
/// The hub's frames are already encoded (`StreamFrame`), so they are written below NIO's
/// frame encoder, from its context: one buffer per message, shared by every connection
/// on the event loop.
/// Frames that others write (WebSocketHandler's pings, pongs and closing frame) pass
/// through this handler on their way to the encoder. The server negotiates no WebSocket
/// extension: one like permessage-deflate would need these frames to pass through it.
///
/// Lives on its channel's event loop; the hub reaches it through `StreamOutbox`.
final class StreamOutboundHandler: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = NIOAny
  typealias OutboundIn = WebSocketFrame
  typealias OutboundOut = WebSocketFrame

  static let maximumWaiting = 256
  static let patience = TimeAmount.seconds(30)

  private var context: ChannelHandlerContext?
  /// Where encoded frames are written: the frame encoder's context when there is one.
  private var output: ChannelHandlerContext?
  private var channel: (any Channel)?
  /// A closing frame has gone out: the protocol allows no data after it.
  private var closing = false
  private var newestQuotes: [Symbol: ByteBuffer] = [:]
  private var waiting: [ByteBuffer] = []
  private var behindSince: NIODeadline?
  private var unflushed = false

  func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
    channel = context.channel
    output =
      (try? context.pipeline.syncOperations.context(handlerType: WebSocketFrameEncoder.self))
      ?? context
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    self.context = nil
    output = nil
    channel = nil
  }

  /// How many messages wait for the client to catch up.
  var backlog: Int { newestQuotes.count + waiting.count }

  func send(_ message: StreamFrame) {
    guard let context, let channel, !closing else { return }
    if channel.isWritable {
      catchUp()
      write(message.bytes)
      return
    }
    if let symbol = message.replaces {
      newestQuotes[symbol] = message.bytes
    } else {
      waiting.append(message.bytes)
    }
    let now = context.eventLoop.now
    let since = behindSince ?? now
    behindSince = since
    if waiting.count > Self.maximumWaiting || now - since > Self.patience {
      drop(context)
    }
  }

  func flush() {
    guard unflushed, let output else { return }
    unflushed = false
    output.flush()
  }

  func channelWritabilityChanged(context: ChannelHandlerContext) {
    if context.channel.isWritable { catchUp() }
    context.fireChannelWritabilityChanged()
  }

  /// The frames WebSocketHandler sends itself pass here; after its closing frame, the
  /// hub's messages stop.
  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    if unwrapOutboundIn(data).opcode == .connectionClose { stopSending() }
    context.write(data, promise: promise)
  }

  private func write(_ bytes: ByteBuffer) {
    output?.write(NIOAny(bytes), promise: nil)
    unflushed = true
  }

  /// Sends what waited, messages that must arrive first, then the newest quotes.
  private func catchUp() {
    guard !closing, behindSince != nil else { return }
    for bytes in waiting { write(bytes) }
    for bytes in newestQuotes.values { write(bytes) }
    waiting = []
    newestQuotes = [:]
    behindSince = nil
    flush()
  }

  private func drop(_ context: ChannelHandlerContext) {
    stopSending()
    context.close(promise: nil)
  }

  private func stopSending() {
    closing = true
    waiting = []
    newestQuotes = [:]
    behindSince = nil
  }
}
