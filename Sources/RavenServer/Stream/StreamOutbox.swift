import NIOCore
import NIOWebSocket
import RavenCore

/// One message for stream clients, framed once however many connections it goes to: a
/// server's frames are not masked, so every connection sends the same bytes, and they go
/// below NIO's frame encoder (see `StreamOutboundHandler`).
struct StreamFrame: Sendable {
  /// A whole WebSocket text frame: header, then the UTF-8 text.
  let bytes: ByteBuffer
  /// What a newer message supersedes while a client is behind: a symbol's quote replaces
  /// that symbol's older quote. Nil for a message that must arrive (an order, an error).
  let replaces: Symbol?

  init(_ text: String, replaces: Symbol? = nil) {
    let length = text.utf8.count
    var bytes = ByteBuffer()
    bytes.reserveCapacity(length + 10)
    // RFC 6455 §5.2: FIN and the text opcode, then the payload length in 7 bits, or 126
    // and 16 bits, or 127 and 64 bits; a server's frames have no mask.
    bytes.writeInteger(UInt8(0x81))
    switch length {
    case ..<126: bytes.writeInteger(UInt8(length))
    case ...Int(UInt16.max): bytes.writeMultipleIntegers(UInt8(126), UInt16(length))
    default: bytes.writeMultipleIntegers(UInt8(127), UInt64(length))
    }
    bytes.writeString(text)
    self.bytes = bytes
    self.replaces = replaces
  }

  private init(bytes: ByteBuffer, replaces: Symbol?) {
    self.bytes = bytes
    self.replaces = replaces
  }

  /// The same message in a buffer of its own.
  var copied: StreamFrame {
    var copy = ByteBuffer()
    copy.writeImmutableBuffer(bytes)
    return StreamFrame(bytes: copy, replaces: replaces)
  }
}

/// The hub's handle on one connection's `StreamOutboundHandler`, which it may touch only
/// on the connection's event loop; the hub groups connections by it (`StreamDeliveries`).
///
/// A class, so that a fan-out's thousands of copies retain this connection's own object
/// rather than each retaining the event loop that 5,000 other connections share, which
/// would make two cores fight over one reference count.
final class StreamOutbox: @unchecked Sendable {
  let eventLoop: any EventLoop
  /// Touched only on `eventLoop` (`handlerOnLoop`), which makes the class Sendable.
  private let handler: StreamOutboundHandler

  init(_ handler: StreamOutboundHandler, on eventLoop: any EventLoop) {
    self.handler = handler
    self.eventLoop = eventLoop
  }

  var handlerOnLoop: StreamOutboundHandler {
    eventLoop.preconditionInEventLoop()
    return handler
  }

  /// Puts a handler in `channel`'s pipeline, an upgraded WebSocket's, right after the
  /// frame encoder, so the frames WebSocketHandler itself sends (pings, pongs, the closing
  /// frame) pass through it.
  static func install(on channel: any Channel) async throws -> StreamOutbox {
    try await channel.eventLoop.submit {
      let pipeline = channel.pipeline.syncOperations
      let encoder = try pipeline.handler(type: WebSocketFrameEncoder.self)
      let handler = StreamOutboundHandler()
      try pipeline.addHandler(handler, position: .after(encoder))
      return StreamOutbox(handler, on: channel.eventLoop)
    }.get()
  }

  /// Sends one message on its own (not part of a fan-out).
  func send(_ frame: StreamFrame) {
    eventLoop.execute {
      self.handlerOnLoop.send(frame)
      self.handlerOnLoop.flush()
    }
  }
}

/// Messages for many connections, grouped by event loop: each loop gets one task that
/// writes all of its connections' messages, then flushes each connection once. So a tick
/// costs one loop hop per loop, not one task wake-up per subscriber.
struct StreamDeliveries {
  private var batches: [ObjectIdentifier: Batch] = [:]

  /// One loop's share: its messages, and which connection gets which of them.
  private struct Batch: Sendable {
    let loop: any EventLoop
    var frames: [StreamFrame] = []
    var writes: [(outbox: StreamOutbox, frame: Int)] = []

    /// Adds a message, answering its index in `frames`.
    mutating func append(_ frame: StreamFrame) -> Int {
      frames.append(frame)
      return frames.count - 1
    }
  }

  mutating func add(_ frame: StreamFrame, to outboxes: some Sequence<StreamOutbox>) {
    var frameInBatch: [ObjectIdentifier: Int] = [:]
    for outbox in outboxes {
      let loop = ObjectIdentifier(outbox.eventLoop)
      let index: Int
      if let known = frameInBatch[loop] {
        index = known
      } else {
        index = batches[loop, default: Batch(loop: outbox.eventLoop)].append(frame)
        frameInBatch[loop] = index
      }
      batches[loop]?.writes.append((outbox, index))
    }
  }

  func send() {
    for batch in batches.values {
      batch.loop.execute {
        // The loop's own copy of each message: every connection's write retains it, and
        // a buffer shared with the other loops' threads would bounce between their cores.
        let frames = batch.frames.map(\.copied)
        guard frames.count > 1 else {
          // One message (each connection appears once): write and flush each connection
          // in one pass, touching its state once.
          for (outbox, _) in batch.writes {
            outbox.handlerOnLoop.send(frames[0])
            outbox.handlerOnLoop.flush()
          }
          return
        }
        for (outbox, frame) in batch.writes { outbox.handlerOnLoop.send(frames[frame]) }
        for (outbox, _) in batch.writes { outbox.handlerOnLoop.flush() }
      }
    }
  }
}
