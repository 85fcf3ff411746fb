import NIOCore
import NIOHTTP1

/// Guards a connection until its first request head is complete, the stretch where
/// Hummingbird (with the WebSocket upgrade configured) neither answers a malformed request
/// nor times an idle one out: a head that does not parse is answered (400, or 431 when its
/// header lines are too large or too many) and the connection closed; a connection that
/// has not sent a whole head within `deadline` is closed. Once a head arrives the guard
/// leaves the pipeline and Hummingbird's own idle timeout and error handling take over.
///
/// It sits right after NIO's request decoder, so it sees decoded request parts and the
/// decoder's errors, and its answer goes out through the response encoder.
final class RequestHeadGuard: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  private let deadline: TimeAmount
  private var timer: Scheduled<Void>?
  private var answered = false

  init(deadline: TimeAmount) {
    self.deadline = deadline
  }

  func handlerAdded(context: ChannelHandlerContext) {
    let channel = context.channel
    timer = context.eventLoop.scheduleTask(in: deadline) {
      channel.close(promise: nil)
    }
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    timer?.cancel()
    timer = nil
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let part = unwrapInboundIn(data)
    context.fireChannelRead(data)
    if case .head = part {
      context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    guard let parserError = error as? HTTPParserError else {
      context.fireErrorCaught(error)
      return
    }
    guard !answered else { return }
    answered = true
    let status: HTTPResponseStatus =
      parserError == .headerOverflow ? .requestHeaderFieldsTooLarge : .badRequest
    let head = HTTPResponseHead(
      version: .http1_1, status: status,
      headers: ["Connection": "close", "Content-Length": "0"])
    context.write(wrapOutboundOut(.head(head)), promise: nil)
    context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete {
      [channel = context.channel] _ in
      channel.close(promise: nil)
    }
  }
}
