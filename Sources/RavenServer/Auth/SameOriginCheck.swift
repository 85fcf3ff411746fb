import Foundation
import HTTPTypes
import Hummingbird

/// Refuses a cookie-issuing request (sign-up, sign-in) that a browser says comes from
/// another site: login CSRF, where a foreign page signs the visitor in as the attacker.
/// Clients that are not browsers send no `Origin` and are not affected.
enum SameOriginCheck {
  static let crossOrigin = APIError(
    .forbidden, code: "cross_origin", message: "Signing in from another site is not allowed")

  static func require(
    _ request: Request, context: RavenRequestContext, publicURL: String?
  ) throws {
    if request.headers[.secFetchSite]?.lowercased() == "cross-site" { throw crossOrigin }
    guard let origin = request.headers[.origin] else { return }
    guard let components = URLComponents(string: origin), let scheme = components.scheme,
      let host = components.host, !host.isEmpty
    else { throw crossOrigin }  // includes "null", an opaque origin
    let asked = authority(host: host, port: components.port, scheme: scheme)
    var own = [request.head.authority, context.forwardedHost].compactMap { $0 }.map {
      authority(hostAndPort: $0, scheme: scheme)
    }
    if let publicURL, let url = URLComponents(string: publicURL), let host = url.host {
      own.append(authority(host: host, port: url.port, scheme: url.scheme ?? scheme))
    }
    guard own.contains(asked) else { throw crossOrigin }
  }

  /// `host:port`, lowercased, with the scheme's default port filled in.
  private static func authority(host: String, port: Int?, scheme: String) -> String {
    let defaultPort = scheme.lowercased() == "https" ? 443 : 80
    let bare = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
    return "\(bare.lowercased()):\(port ?? defaultPort)"
  }

  /// A `Host` header's `host[:port]` as an authority for `scheme`.
  private static func authority(hostAndPort: String, scheme: String) -> String {
    guard let url = URLComponents(string: "\(scheme)://\(hostAndPort)"), let host = url.host
    else { return hostAndPort.lowercased() }
    return authority(host: host, port: url.port, scheme: scheme)
  }
}

extension HTTPField.Name {
  static let secFetchSite = Self("Sec-Fetch-Site")!
}
