import NIOCore
import NIOPosix

/// A WebSocket as a page of the server's own sends it: its `Origin` with the port, and the
/// session cookie. (WSClient sends an `Origin` without the port, which the stream rightly
/// takes for another site's, and cannot be given another.) RFC 6455 framing by hand: text
/// frames out, whole frames in, enough for a test.
final class BrowserWebSocket {
  /// One frame from the server (servers do not mask).
  struct Frame {
    let opcode: UInt8
    let payload: ByteBuffer

    var text: String? { opcode == 0x1 ? String(buffer: payload) : nil }

    /// A closing frame's code and reason.
    var close: (code: UInt16, reason: String)? {
      var payload = payload
      guard opcode == 0x8, let code = payload.readInteger(as: UInt16.self) else { return nil }
      return (code, String(buffer: payload))
    }
  }

  struct HandshakeFailed: Error { let answer: String }

  private let channel: any Channel
  private var inbound: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
  private let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
  private var received = ByteBuffer()

  private init(
    channel: any Channel, inbound: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator,
    outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
  ) {
    self.channel = channel
    self.inbound = inbound
    self.outbound = outbound
  }

  /// Opens `path` on the server at `port` with `cookie`, from the server's own origin, and
  /// runs `body` on the connection; the connection is closed after `body` or after
  /// `limit`, whichever comes first (then `nextFrame` answers nil).
  static func open<Value: Sendable>(
    _ path: String, port: Int, cookie: String, limit: Duration = .seconds(30),
    _ body: (BrowserWebSocket) async throws -> Value
  ) async throws -> Value {
    let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .connect(host: "127.0.0.1", port: port) { channel in
        channel.eventLoop.makeCompletedFuture {
          try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
        }
      }
    let raw = channel.channel
    let watchdog = Task {
      try await Task.sleep(for: limit)
      try await raw.close()
    }
    defer { watchdog.cancel() }
    return try await channel.executeThenClose { inbound, outbound in
      let socket = BrowserWebSocket(
        channel: raw, inbound: inbound.makeAsyncIterator(), outbound: outbound)
      try await socket.handshake(path, host: "127.0.0.1:\(port)", cookie: cookie)
      return try await body(socket)
    }
  }

  /// Sends one text message, masked as a client must.
  func send(_ text: String) async throws {
    try await write(opcode: 0x1, payload: Array(text.utf8))
  }

  /// Answers a closing frame, as a client does.
  func sendClose(code: UInt16) async throws {
    try await write(opcode: 0x8, payload: [UInt8(code >> 8), UInt8(code & 0xFF)])
  }

  /// The next whole frame; nil once the connection has ended.
  func nextFrame() async throws -> Frame? {
    while true {
      if let frame = takeFrame() { return frame }
      guard let more = try await inbound.next() else { return nil }
      received.writeImmutableBuffer(more)
    }
  }

  /// Reads frames until the server's closing frame, answers it, and returns it; nil when
  /// the connection ends without one, or none came within `limit` (the connection is
  /// then cut).
  func closingFrame(within limit: Duration) async throws -> (code: UInt16, reason: String)? {
    let channel = channel
    let deadline = Task {
      try await Task.sleep(for: limit)
      try await channel.close()
    }
    defer { deadline.cancel() }
    while let frame = try await nextFrame() {
      if let close = frame.close {
        try? await sendClose(code: close.code)
        return close
      }
    }
    return nil
  }

  private func handshake(_ path: String, host: String, cookie: String) async throws {
    let request =
      "GET \(path) HTTP/1.1\r\nHost: \(host)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
      + "Origin: http://\(host)\r\nCookie: \(cookie)\r\n\r\n"
    try await outbound.write(ByteBuffer(string: request))
    while true {
      let text = String(buffer: received)
      if let end = text.range(of: "\r\n\r\n") {
        guard text.hasPrefix("HTTP/1.1 101") else { throw HandshakeFailed(answer: text) }
        received.moveReaderIndex(forwardBy: text[..<end.upperBound].utf8.count)
        return
      }
      guard let more = try await inbound.next() else {
        throw HandshakeFailed(answer: text)
      }
      received.writeImmutableBuffer(more)
    }
  }

  private func takeFrame() -> Frame? {
    var view = received
    guard let (first, second) = view.readMultipleIntegers(as: (UInt8, UInt8).self) else {
      return nil
    }
    var length = Int(second & 0x7F)
    if length == 126 {
      guard let long = view.readInteger(as: UInt16.self) else { return nil }
      length = Int(long)
    } else if length == 127 {
      guard let long = view.readInteger(as: UInt64.self) else { return nil }
      length = Int(long)
    }
    guard let payload = view.readSlice(length: length) else { return nil }
    received = view
    return Frame(opcode: first & 0x0F, payload: payload)
  }

  private func write(opcode: UInt8, payload: [UInt8]) async throws {
    var frame = ByteBuffer()
    frame.writeInteger(0x80 | opcode)
    if payload.count < 126 {
      frame.writeInteger(0x80 | UInt8(payload.count))
    } else {
      frame.writeMultipleIntegers(UInt8(0x80 | 126), UInt16(payload.count))
    }
    let mask: [UInt8] = (0..<4).map { _ in .random(in: .min ... .max) }
    frame.writeBytes(mask)
    frame.writeBytes(payload.enumerated().map { $0.element ^ mask[$0.offset % 4] })
    try await outbound.write(frame)
  }
}
