import Foundation

/// Query strings and path segments for live providers' URLs.
package enum URLQuery {
  /// `a=1&b=x%20y`: keys in order (so a request's URL is the same every time),
  /// values percent-encoded as RFC 3986 unreserved text.
  package static func string(_ query: [String: String]) -> String {
    string(query.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
  }

  /// `a=1&b=x%20y`, in the order given.
  package static func string(_ pairs: [(String, String)]) -> String {
    pairs.map { key, value in "\(key)=\(encoded(value))" }.joined(separator: "&")
  }

  /// `text` with everything but RFC 3986 unreserved characters percent-encoded, safe
  /// as a query value or a path segment.
  package static func encoded(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
  }

  /// `url` without trailing slashes, so that paths can be appended with their own.
  package static func base(_ url: String) -> String {
    var base = url
    while base.hasSuffix("/") { base.removeLast() }
    return base
  }

  private static let unreserved = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
