import Foundation
import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// Alpaca's market data streams that Raven has no data for: crypto, news and options.
///
/// A bot that opens one should stop, not spin. Refusing the WebSocket upgrade made
/// alpaca-py reconnect thousands of times a minute, so these accept it and answer as
/// Alpaca answers a plan without that data: `connected`, then, to a valid key's `auth`,
/// error 409 "insufficient subscription", on which alpaca-py ends its stream (a wrong key
/// gets 402 "auth failed", as on every stream), and the connection closes.
struct AlpacaUnservedStreams {
  let signIn: AlpacaStreamSignIn
  let origin: ClientOrigin

  /// The paths alpaca-py (0.44) and alpaca-trade-api (3.2) open for crypto, news and options.
  static let paths = [
    "/v1beta3/crypto/us", "/v1beta3/crypto/us-1", "/v1beta3/crypto/eu-1", "/v1beta2/crypto",
    "/v1beta1/crypto", "/v1beta1/news", "/v1beta1/indicative", "/v1beta1/opra",
  ]

  func addRoutes(to router: Router<StreamRequestContext>) {
    for path in Self.paths {
      router.ws(RouterPath(path)) { inbound, outbound, context in
        let channel = context.requestContext.channel
        let address = origin.clientAddress(
          peer: channel.remoteAddress?.ipAddress, headers: context.request.headers)
        try await Self.send(
          AlpacaDataStream.frame([.object(["T": .string("success"), "msg": .string("connected")])]),
          to: outbound)
        for try await message in inbound.messages(maxSize: AlpacaDataStream.maximumMessageSize) {
          guard let request = AlpacaDataStream.decode(message),
            request["action"]?.stringValue == "auth"
          else {
            try await Self.send(AlpacaDataStream.error(401, "not authenticated"), to: outbound)
            continue
          }
          let signedIn = await signIn.signIn(
            keyID: request["key"]?.stringValue ?? "", secret: request["secret"]?.stringValue ?? "",
            from: address)
          signedIn?.1.end()
          try await Self.send(
            signedIn == nil
              ? AlpacaDataStream.error(402, "auth failed")
              : AlpacaDataStream.error(409, "insufficient subscription"), to: outbound)
          try await outbound.close(.normalClosure, reason: nil)
          return
        }
      }
    }
  }

  private static func send(
    _ outgoing: AlpacaDataStream.Outgoing, to outbound: WebSocketOutboundWriter
  ) async throws {
    if case .frame(let bytes) = outgoing {
      try await outbound.write(.binary(ByteBuffer(bytes: bytes)))
    }
  }
}
