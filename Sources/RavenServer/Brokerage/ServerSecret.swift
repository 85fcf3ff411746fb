import Crypto
import Foundation
import Logging

/// The server's secret key, which seals users' brokerage credentials at rest.
///
/// From `RAVEN_SECRET_KEY` when set: 32 bytes in base64 (`openssl rand -base64 32`) are
/// the key itself; any other text is a passphrase, stretched with HKDF-SHA256. Otherwise
/// the key in `<data directory>/secret.key` (base64, mode 0600), generated on first
/// start. Servers that share a PostgreSQL database must share the key, so they need
/// `RAVEN_SECRET_KEY`; a server on PostgreSQL without it says so in the log.
public enum ServerSecret {
  static let fileName = "secret.key"

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// 32 random bytes: a key for a server that keeps nothing across restarts (tests).
  public static func randomKey() -> Data {
    SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }
  }

  static func key(_ configuration: ServerConfiguration, logger: Logger) throws -> Data {
    if let text = configuration.secretKey, !text.isEmpty { return key(fromSetting: text) }
    if configuration.databaseURL != nil {
      logger.warning(
        """
        RAVEN_SECRET_KEY is not set: brokerage keys are sealed with this server's own \
        secret.key, which other servers on the same database cannot open. Set the same \
        RAVEN_SECRET_KEY on every server.
        """)
    }
    return try fileKey(directory: configuration.dataDirectory, logger: logger)
  }

  /// The key a `RAVEN_SECRET_KEY` value stands for.
  static func key(fromSetting text: String) -> Data {
    if let bytes = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)),
      bytes.count == 32
    {
      return bytes
    }
    return HKDF<SHA256>.deriveKey(
      inputKeyMaterial: SymmetricKey(data: Data(text.utf8)), salt: Data("raven".utf8),
      info: Data("raven secret key v1".utf8), outputByteCount: 32
    ).withUnsafeBytes { Data($0) }
  }

  /// Reads `<directory>/secret.key`, or creates it (mode 0600) with a new random key.
  static func fileKey(directory: String, logger: Logger) throws -> Data {
    let path = URL(fileURLWithPath: directory).appendingPathComponent(fileName).path
    if let key = try read(path) { return key }
    try FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: true)
    let key = randomKey()
    let text = key.base64EncodedString() + "\n"
    // O_EXCL: when two servers start at once, one writes and the other reads its key.
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    guard descriptor >= 0 else {
      if errno == EEXIST, let key = try read(path) { return key }
      throw Failure(description: "Cannot create \(path) (errno \(errno))")
    }
    defer { close(descriptor) }
    let bytes = Array(text.utf8)
    guard write(descriptor, bytes, bytes.count) == bytes.count, fsync(descriptor) == 0 else {
      throw Failure(description: "Cannot write \(path) (errno \(errno))")
    }
    logger.notice("Created a secret key for brokerage credentials", metadata: ["path": "\(path)"])
    return key
  }

  private static func read(_ path: String) throws -> Data? {
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    let text = try String(contentsOfFile: path, encoding: .utf8)
    guard let bytes = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)),
      bytes.count == 32
    else {
      throw Failure(description: "\(path) does not hold a base64 key of 32 bytes")
    }
    return bytes
  }
}
