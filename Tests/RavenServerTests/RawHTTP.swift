import NIOCore
import NIOPosix

/// Bytes written to a server as they are, and the first bytes of its answer: for requests
/// an HTTP client would not send (chunked bodies, malformed heads).
enum RawHTTP {
  static func send(_ request: String, port: Int) async throws -> String {
    let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .connect(host: "127.0.0.1", port: port) { channel in
        channel.eventLoop.makeCompletedFuture {
          try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
        }
      }
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
}
