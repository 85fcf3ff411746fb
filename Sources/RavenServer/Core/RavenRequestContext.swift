import Foundation
import Hummingbird
import HummingbirdAuth
import Logging
import NIOCore

/// The context every Raven request carries: who is signed in (if anyone), how, and
/// where the request came from (for throttling sign-in attempts).
public struct RavenRequestContext: AuthRequestContext, RequestContext {
  public var coreContext: CoreRequestContextStorage
  public var identity: AuthenticatedUser?
  /// The client's IP address: the peer's, or the one a trusted proxy forwarded
  /// (`ClientOriginMiddleware`); nil when the transport does not know it.
  public internal(set) var remoteAddress: String?
  /// The socket peer's own address, a proxy's when there is one.
  public let peerAddress: String?
  /// Whether the client reached Raven over HTTPS (`--secure-cookies`, or a trusted
  /// proxy's `X-Forwarded-Proto: https`): cookies are then `Secure`.
  public internal(set) var isSecure = false
  /// The host the client asked a trusted proxy for (`X-Forwarded-Host`).
  public internal(set) var forwardedHost: String?

  /// Bodies are JSON of a few hundred bytes; anything over 64 KiB is refused.
  public static let maximumBodySize = 64 * 1024

  public var maxUploadSize: Int { Self.maximumBodySize }

  /// Bodies are JSON with ISO-8601 dates, read up to `maxUploadSize` even without a
  /// Content-Length. Handlers call it directly rather than `Request.decode(as:context:)`,
  /// which would rewrite decoding errors into Hummingbird's own messages: as they are,
  /// `ErrorMiddleware` tells the client which field is missing or wrong.
  public var requestDecoder: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }

  public init(source: ApplicationRequestContextSource) {
    self.coreContext = .init(source: source)
    self.identity = nil
    self.peerAddress = source.channel.remoteAddress?.ipAddress
    self.remoteAddress = peerAddress
  }
}
