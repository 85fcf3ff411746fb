/// The keys of one brokerage account. Its descriptions never show the secret, so that
/// a credentials value can be logged or interpolated by mistake without leaking it.
public struct BrokerageCredentials: Sendable, Hashable, Codable, CustomStringConvertible,
  CustomDebugStringConvertible
{
  public var keyID: String
  public var secretKey: String

  public init(keyID: String, secretKey: String) {
    self.keyID = keyID
    self.secretKey = secretKey
  }

  /// The last four characters of the key id, e.g. `…WXYZ`: enough for a person to tell
  /// which key is linked, too little to use it.
  public var keyHint: String { "…" + keyID.suffix(4) }

  public var description: String {
    "BrokerageCredentials(keyID: \(keyHint), secretKey: <redacted>)"
  }
  public var debugDescription: String { description }
}
