#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An IPv4 or IPv6 network in CIDR notation (`10.0.0.0/8`, `::1/128`; a bare address is
/// the one-address network), for telling a trusted reverse proxy from anyone else.
public struct AddressRange: Sendable, Hashable, CustomStringConvertible {
  private let network: [UInt8]
  private let prefixLength: Int
  public let description: String

  /// Nil for text that is not an address with an optional `/prefix` in range.
  public init?(_ text: String) {
    let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
    guard let bytes = Self.bytes(of: String(parts[0])) else { return nil }
    let bits = bytes.count * 8
    var prefix = bits
    if parts.count == 2 {
      guard let value = Int(parts[1]), parts[1].allSatisfy(\.isNumber), (0...bits).contains(value)
      else { return nil }
      prefix = value
    }
    network = Self.masked(bytes, prefix)
    prefixLength = prefix
    description = text
  }

  /// Whether `address` (textual, as a socket or `X-Forwarded-For` gives it) is inside.
  public func contains(_ address: String) -> Bool {
    guard let bytes = Self.bytes(of: address), bytes.count == network.count else { return false }
    return Self.masked(bytes, prefixLength) == network
  }

  /// The address's bytes: 4 for IPv4 (also for an IPv4-mapped IPv6 address, as a dual-stack
  /// socket reports IPv4 peers), 16 for IPv6; nil when it is not an address.
  static func bytes(of text: String) -> [UInt8]? {
    var v4 = in_addr()
    if inet_pton(AF_INET, text, &v4) == 1 {
      return withUnsafeBytes(of: &v4) { Array($0) }
    }
    var v6 = in6_addr()
    guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
    let bytes = withUnsafeBytes(of: &v6) { Array($0) }
    let mappedPrefix: [UInt8] = Array(repeating: 0, count: 10) + [0xff, 0xff]
    return Array(bytes.prefix(12)) == mappedPrefix ? Array(bytes.suffix(4)) : bytes
  }

  private static func masked(_ bytes: [UInt8], _ prefix: Int) -> [UInt8] {
    bytes.enumerated().map { index, byte in
      let kept = min(max(prefix - index * 8, 0), 8)
      return kept == 8 ? byte : byte & ~(UInt8(0xff) >> kept)
    }
  }
}
