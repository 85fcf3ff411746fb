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
  /// The peer's IP address, when the transport knows it.
  public let remoteAddress: String?

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
    self.remoteAddress = source.channel.remoteAddress?.ipAddress
  }
}
