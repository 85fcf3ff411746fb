import Foundation
import PostgresNIO
import RavenCore
import RavenStore

extension PostgresStore {
  /// Reads `postgres://user:password@host:port/database?sslmode=…` (or `postgresql://`)
  /// into a client configuration. User and password may be percent-encoded; the port
  /// defaults to 5432 and the database to the user's name.
  ///
  /// `sslmode` follows libpq: `disable`; `prefer` (the default: TLS when the server
  /// offers it); `require` (TLS, certificate not checked); `verify-full` (TLS with the
  /// certificate checked against the system's roots and the host name).
  public static func configuration(url: String) throws(StoreError)
    -> PostgresClient.Configuration
  {
    guard let components = URLComponents(string: url),
      let scheme = components.scheme, ["postgres", "postgresql"].contains(scheme)
    else { throw invalid("expected postgres://user:password@host:port/database") }
    guard let host = components.host, !host.isEmpty else { throw invalid("it names no host") }
    guard let user = components.user, !user.isEmpty else { throw invalid("it names no user") }
    let database = String(components.path.drop { $0 == "/" })
    let sslMode = components.queryItems?.last { $0.name == "sslmode" }?.value ?? "prefer"
    return PostgresClient.Configuration(
      host: host, port: components.port ?? 5432, username: user,
      password: components.password, database: database.isEmpty ? nil : database,
      tls: try tls(sslMode))
  }

  private static func tls(_ mode: String) throws(StoreError) -> PostgresClient.Configuration.TLS {
    var unverified = TLSConfiguration.makeClientConfiguration()
    unverified.certificateVerification = .none
    switch mode {
    case "disable": return .disable
    case "prefer": return .prefer(unverified)
    case "require": return .require(unverified)
    case "verify-full": return .require(.makeClientConfiguration())
    default: throw invalid("sslmode must be disable, prefer, require or verify-full")
    }
  }

  private static func invalid(_ reason: String) -> StoreError {
    // The URL may hold a password: the message never repeats it.
    .unavailable("invalid PostgreSQL URL: \(reason)")
  }
}
