import NIOCore
import NIOPosix

/// Bytes written to a server as they are, and the first bytes of its answer: for requests
/// an HTTP client would not send (chunked bodies, malformed heads).
enum RawHTTP {
  static func send(_ request: String, port: Int) async throws -> String {
    let channel = try await connect(port: port)
    return try await channel.executeThenClose { inbound, outbound in
      try await outbound.write(ByteBuffer(string: request))
      var answer = ""
      for try await buffer in inbound {
        answer += String(buffer: buffer)
        if answer.contains("\r\n\r\n") { break }
      }
      return answer
    }
  }

  /// What the server wrote before it closed the connection, or nil when it was still
  /// open after `limit`: for requests a server must answer and hang up on.
  static func answerBeforeClose(
    to request: [UInt8], port: Int, within limit: Duration
  ) async throws -> String? {
    let channel = try await connect(port: port)
    let raw = channel.channel
    let start = ContinuousClock.now
    let watchdog = Task {
      try await Task.sleep(for: limit)
      try await raw.close()
    }
    defer { watchdog.cancel() }
    return try await channel.executeThenClose { inbound, outbound in
      if !request.isEmpty { try? await outbound.write(ByteBuffer(bytes: request)) }
      var answer = ""
      do {
        for try await buffer in inbound { answer += String(buffer: buffer) }
      } catch {}
      // The watchdog closing the socket also ends the loop: tell the two apart.
      return ContinuousClock.now - start < limit ? answer : nil
    }
  }

  private static func connect(port: Int) async throws -> NIOAsyncChannel<ByteBuffer, ByteBuffer> {
    try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .connect(host: "127.0.0.1", port: port) { channel in
        channel.eventLoop.makeCompletedFuture {
          try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
        }
      }
  }
}

/// A port no one listens on right now, for a second listener in a test.
enum FreePort {
  static func find() async throws -> Int {
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .bind(host: "127.0.0.1", port: 0).get()
    let port = channel.localAddress?.port ?? 0
    try await channel.close()
    return port
  }
}
