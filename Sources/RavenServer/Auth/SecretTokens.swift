import Crypto
import Foundation

/// Random bearer secrets (session cookies, CSRF tokens, API tokens) and the hashes
/// stored in their place, so that a copy of the database does not sign anyone in.
enum SecretTokens {
  /// 32 random bytes from the system's CSPRNG, base64url without padding (43 characters).
  static func generate(prefix: String = "") -> String {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    return prefix
      + Data(bytes).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }

  /// SHA-256 of the token, hex-encoded: what the store keeps.
  static func hash(_ token: String) -> String {
    // Runs on every API request: hex by table, not `String(format:)` per byte.
    var hex: [UInt8] = []
    hex.reserveCapacity(64)
    for byte in SHA256.hash(data: Data(token.utf8)) {
      hex.append(hexDigits[Int(byte >> 4)])
      hex.append(hexDigits[Int(byte & 0x0F)])
    }
    return String(decoding: hex, as: UTF8.self)
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)
}
