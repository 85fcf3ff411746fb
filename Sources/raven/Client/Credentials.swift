import Foundation

/// Personal API tokens the CLI keeps per server, in `~/.config/raven/credentials.json`
/// (or `$XDG_CONFIG_HOME/raven/…`), readable by the user only (0600).
struct CredentialsFile {
  let url: URL

  struct Entry: Codable {
    var username: String
    var token: String
    var tokenID: Int64
  }

  /// The file for this environment (read once by the command that needs it).
  static func locate(environment: [String: String]) -> CredentialsFile {
    let base =
      environment["XDG_CONFIG_HOME"].map { URL(fileURLWithPath: $0) }
      ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(
        ".config")
    return CredentialsFile(
      url: base.appendingPathComponent("raven").appendingPathComponent("credentials.json"))
  }

  func load() -> [String: Entry] {
    guard let data = try? Data(contentsOf: url) else { return [:] }
    return (try? JSONDecoder().decode([String: Entry].self, from: data)) ?? [:]
  }

  func entry(for server: URL) -> Entry? { load()[Self.key(server)] }

  func save(_ entry: Entry?, for server: URL) throws {
    var entries = load()
    entries[Self.key(server)] = entry
    let directory = url.deletingLastPathComponent()
    try FileManager.default.createDirectory(
      at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    let data = try encoder.encode(entries)
    // Create with 0600 before writing the secret, so it is never readable by others.
    if !FileManager.default.fileExists(atPath: url.path) {
      _ = FileManager.default.createFile(
        atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600])
    }
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
    try data.write(to: url)
  }

  static func key(_ server: URL) -> String {
    server.absoluteString.hasSuffix("/")
      ? String(server.absoluteString.dropLast()) : server.absoluteString
  }
}
