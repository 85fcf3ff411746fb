import Foundation
import HTTPTypes

/// Where a request really comes from when Raven runs behind reverse proxies it trusts:
/// the client's address from `X-Forwarded-For` and whether it arrived over HTTPS from
/// `X-Forwarded-Proto`. From any other peer those headers are ignored, since a client
/// can write whatever it likes into them.
struct ClientOrigin: Sendable {
  let trustedProxies: [AddressRange]

  func isTrusted(_ address: String?) -> Bool {
    guard let address else { return false }
    return trustedProxies.contains { $0.contains(address) }
  }

  /// The client's address: the peer's, or, when the peer is a trusted proxy, the nearest
  /// address in `X-Forwarded-For` (read right to left) that is not itself a trusted proxy.
  func clientAddress(peer: String?, headers: HTTPFields) -> String? {
    guard isTrusted(peer) else { return peer }
    var client = peer
    for hop in forwardedFor(headers).reversed() {
      guard AddressRange.bytes(of: hop) != nil else { break }  // garbage: stop at the proxy
      client = hop
      if !isTrusted(hop) { break }
    }
    return client
  }

  /// Whether the client reached the first proxy over HTTPS, as a trusted proxy says.
  func forwardedHTTPS(peer: String?, headers: HTTPFields) -> Bool {
    guard isTrusted(peer), let proto = headers[.xForwardedProto] else { return false }
    return Self.firstEntry(of: proto)?.lowercased() == "https"
  }

  /// The host the client asked for, as a trusted proxy passes it on.
  func forwardedHost(peer: String?, headers: HTTPFields) -> String? {
    guard isTrusted(peer), let host = headers[.xForwardedHost] else { return nil }
    return Self.firstEntry(of: host)
  }

  /// The first of a comma-separated list, the one the client's side of the chain wrote.
  private static func firstEntry(of list: String) -> String? {
    list.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) }
  }

  private func forwardedFor(_ headers: HTTPFields) -> [String] {
    headers[values: .xForwardedFor].flatMap { $0.split(separator: ",") }
      .map { $0.trimmingCharacters(in: .whitespaces) }
  }
}

extension HTTPField.Name {
  static let xForwardedFor = Self("X-Forwarded-For")!
  static let xForwardedProto = Self("X-Forwarded-Proto")!
  static let xForwardedHost = Self("X-Forwarded-Host")!
}
