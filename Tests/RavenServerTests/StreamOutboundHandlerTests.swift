import NIOCore
import NIOEmbedded
import NIOWebSocket
import RavenCore
import Testing

@testable import RavenServer

@Suite("A stream connection's outbound side")
struct StreamOutboundHandlerTests {
  func quote(_ symbol: Symbol, _ price: String) -> StreamFrame {
    StreamFrame(#"{"symbol":"\#(symbol)","price":"\#(price)"}"#, replaces: symbol)
  }

  func order(_ id: Int) -> StreamFrame { StreamFrame(#"{"order":\#(id)}"#) }

  @Test("Messages go out in order while the client reads")
  func straightThrough() async throws {
    let socket = try await TestOutbox.make()
    var deliveries = StreamDeliveries()
    deliveries.add(quote("AAPL", "1.00"), to: [socket.outbox])
    deliveries.add(order(1), to: [socket.outbox])
    deliveries.add(quote("AAPL", "1.01"), to: [socket.outbox])
    deliveries.send()
    #expect(
      try await socket.sent() == [
        #"{"symbol":"AAPL","price":"1.00"}"#, #"{"order":1}"#, #"{"symbol":"AAPL","price":"1.01"}"#,
      ])
  }

  @Test("A slow client gets every order and each symbol's newest quote once it catches up")
  func coalesces() async throws {
    let socket = try await TestOutbox.make()
    try await socket.setWritable(false)
    for frame in [
      quote("AAPL", "1.00"), order(1), quote("AAPL", "1.01"), quote("MSFT", "2.00"), order(2),
    ] {
      socket.outbox.send(frame)
    }
    #expect(try await socket.sent().isEmpty)
    #expect(try await socket.backlog() == 4)
    try await socket.setWritable(true)
    let sent = try await socket.sent()
    #expect(Array(sent.prefix(2)) == [#"{"order":1}"#, #"{"order":2}"#])
    #expect(
      Set(sent.dropFirst(2)) == [
        #"{"symbol":"AAPL","price":"1.01"}"#, #"{"symbol":"MSFT","price":"2.00"}"#,
      ])
    socket.outbox.send(order(3))
    #expect(try await socket.sent() == [#"{"order":3}"#])
  }

  @Test("A client that lets too many orders pile up is disconnected")
  func tooManyWaiting() async throws {
    let socket = try await TestOutbox.make()
    try await socket.setWritable(false)
    for id in 0...StreamOutboundHandler.maximumWaiting { socket.outbox.send(order(id)) }
    await socket.loop.run()
    #expect(!socket.channel.isActive)
    #expect(try await socket.backlog() == 0)
  }

  @Test("Quotes alone never pile up: one per symbol however many ticks are missed")
  func quotesBounded() async throws {
    let socket = try await TestOutbox.make()
    try await socket.setWritable(false)
    for cents in 0..<1_000 { socket.outbox.send(quote("AAPL", "1.\(cents)")) }
    await socket.loop.run()
    #expect(socket.channel.isActive)
    #expect(try await socket.backlog() == 1)
  }

  @Test("A client still behind after its patience runs out is disconnected")
  func patience() async throws {
    let socket = try await TestOutbox.make()
    try await socket.setWritable(false)
    socket.outbox.send(quote("AAPL", "1.00"))
    await socket.loop.advanceTime(by: StreamOutboundHandler.patience)
    socket.outbox.send(quote("AAPL", "1.01"))
    await socket.loop.run()
    #expect(socket.channel.isActive, "exactly the patience is still patient")
    await socket.loop.advanceTime(by: .seconds(1))
    socket.outbox.send(quote("AAPL", "1.02"))
    await socket.loop.run()
    #expect(!socket.channel.isActive)
  }

  @Test("Nothing follows the WebSocket's closing frame")
  func closingFrameEnds() async throws {
    let socket = try await TestOutbox.make()
    let closing = WebSocketFrame(fin: true, opcode: .connectionClose, data: ByteBuffer())
    try await socket.channel.writeAndFlush(closing)
    let first = try await socket.channel.readOutbound(as: WebSocketFrame.self)
    #expect(first?.opcode == .connectionClose)
    socket.outbox.send(quote("AAPL", "1.00"))
    #expect(try await socket.sent().isEmpty)
  }

  @Test(
    "A message is framed once, byte for byte as NIO's encoder frames it",
    arguments: [0, 125, 126, 65_535, 65_536])
  func framing(length: Int) async throws {
    let text = String(repeating: "é", count: length / 2) + String(repeating: "x", count: length % 2)
    let encoder = NIOAsyncTestingChannel()
    try await encoder.testingEventLoop.submit {
      try encoder.pipeline.syncOperations.addHandler(WebSocketFrameEncoder())
    }.get()
    try await encoder.writeAndFlush(
      WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(string: text)))
    var expected = ByteBuffer()
    while var part = try await encoder.readOutbound(as: ByteBuffer.self) {
      expected.writeBuffer(&part)
    }
    let frame = StreamFrame(text)
    #expect(frame.bytes == expected)
    #expect(try TestOutbox.text(ofFrame: frame.bytes) == text)
  }
}
