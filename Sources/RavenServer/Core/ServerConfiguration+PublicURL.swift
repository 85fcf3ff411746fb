import Foundation
import Hummingbird

extension ServerConfiguration {
  /// `text` as a public URL (`https://raven.example.com`, a trailing `/` dropped), or nil
  /// when it is not an absolute http(s) URL of a whole server: the web app lives at `/`,
  /// so a path, a query, a fragment or a user name could not lead to its pages.
  public static func validatedPublicURL(_ text: String) -> String? {
    let trimmed = text.hasSuffix("/") ? String(text.dropLast()) : text
    guard let components = URLComponents(string: trimmed),
      let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
      components.host?.isEmpty == false, components.path.isEmpty, components.query == nil,
      components.fragment == nil, components.user == nil, components.password == nil
    else { return nil }
    return trimmed
  }

  /// Where the client of `request` reaches this server, for links in answers and pages:
  /// the configured public URL, else the host the request names (a trusted proxy's
  /// `X-Forwarded-Host`, else `Host`) with `https` when the client came over HTTPS
  /// (`RavenRequestContext.isSecure`), else the address listened on.
  func publicURL(for request: Request, context: RavenRequestContext) -> String {
    if let publicURL { return publicURL }
    let scheme = context.isSecure ? "https" : "http"
    if let host = context.forwardedHost ?? request.head.authority, Self.isHostAndPort(host) {
      return "\(scheme)://\(host)"
    }
    let address = host.contains(":") ? "[\(host)]" : host
    return "http://\(address):\(port)"
  }

  /// Whether a `Host` header is a plain host name or address with an optional port, so
  /// that a forged one cannot smuggle markup or a path into a link.
  private static func isHostAndPort(_ text: String) -> Bool {
    (1...255).contains(text.utf8.count)
      && text.utf8.allSatisfy { byte in
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"),
          UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "]"):
          true
        default: false
        }
      }
  }
}
