import Foundation
import NIOCore
import NIOEmbedded
import NIOWebSocket

@testable import RavenServer

/// A stream connection's outbound handler in a channel the test drives: nothing runs on
/// its loop until `sent()` runs it, and `sent()` answers what reached the socket.
struct TestOutbox: Sendable {
  let channel: NIOAsyncTestingChannel
  let outbox: StreamOutbox
  var loop: NIOAsyncTestingEventLoop { channel.testingEventLoop }

  static func make() async throws -> TestOutbox {
    let channel = NIOAsyncTestingChannel()
    let outbox = try await channel.testingEventLoop.submit {
      let handler = StreamOutboundHandler()
      try channel.pipeline.syncOperations.addHandler(handler)
      return StreamOutbox(handler, on: channel.eventLoop)
    }.get()
    try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1))
    return TestOutbox(channel: channel, outbox: outbox)
  }

  /// Runs what was queued on the loop, then answers the texts flushed so far.
  func sent() async throws -> [String] {
    await loop.run()
    var texts: [String] = []
    while let bytes = try await channel.readOutbound(as: ByteBuffer.self) {
      texts.append(try Self.text(ofFrame: bytes))
    }
    return texts
  }

  /// The text of one unmasked WebSocket frame, as a client reads it.
  static func text(ofFrame frame: ByteBuffer) throws -> String {
    struct MalformedFrame: Error {}
    var frame = frame
    guard let (first, second) = frame.readMultipleIntegers(as: (UInt8, UInt8).self),
      first == 0x81, second & 0x80 == 0  // FIN and text; a server's frame has no mask
    else { throw MalformedFrame() }
    var length = Int(second)
    if length == 126 {
      guard let long = frame.readInteger(as: UInt16.self) else { throw MalformedFrame() }
      length = Int(long)
    } else if length == 127 {
      guard let long = frame.readInteger(as: UInt64.self) else { throw MalformedFrame() }
      length = Int(long)
    }
    guard frame.readableBytes == length else { throw MalformedFrame() }
    return String(buffer: frame)
  }

  /// How many messages wait for the client to catch up.
  func backlog() async throws -> Int {
    try await loop.submit { [outbox] in outbox.handlerOnLoop.backlog }.get()
  }

  /// Marks the client as reading slower than it is sent to, or caught up again.
  func setWritable(_ writable: Bool) async throws {
    channel.isWritable = writable
    try await loop.submit { [channel] in channel.pipeline.fireChannelWritabilityChanged() }.get()
  }
}
