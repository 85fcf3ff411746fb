import ArgumentParser
import Foundation
import RavenServer

/// `raven serve`'s options for running on the open internet: TLS in front, trusted
/// proxies, idle connections and where metrics are served.
struct ServeSecurityOptions: ParsableArguments {
  @Flag(
    name: .customLong("secure-cookies"),
    help: """
      The server is reached over HTTPS only (behind a TLS proxy): cookies are Secure and \
      Strict-Transport-Security is sent.
      """)
  var secureCookies = false
  @Option(
    name: .customLong("trusted-proxy"),
    help: """
      A reverse proxy's address or network (CIDR, e.g. 127.0.0.1/32), whose X-Forwarded-For, \
      X-Forwarded-Proto and X-Forwarded-Host are believed; repeat for several.
      """)
  var trustedProxies: [String] = []
  @Option(
    name: .customLong("idle-timeout"),
    help: "Seconds before an idle connection, or one that never sends a request, is closed (30).")
  var idleTimeout: String?
  @Option(
    name: .customLong("metrics-port"),
    help: "Serve Prometheus metrics at /metrics on this port, a listener of its own (off).")
  var metricsPort: Int?
  @Option(
    name: .customLong("metrics-host"),
    help: "The address the metrics listener binds (default 127.0.0.1, loopback only).")
  var metricsHost: String?

  /// Flags, then `RAVEN_SECURE_COOKIES`, `RAVEN_TRUSTED_PROXY` (comma-separated),
  /// `RAVEN_IDLE_TIMEOUT`, `RAVEN_METRICS_PORT`, `RAVEN_METRICS_HOST`.
  func apply(_ environment: [String: String], to configuration: inout ServerConfiguration)
    throws
  {
    if secureCookies {
      configuration.secureCookies = true
    } else if let text = environment["RAVEN_SECURE_COOKIES"], !text.isEmpty {
      switch text.lowercased() {
      case "1", "true", "yes", "on": configuration.secureCookies = true
      case "0", "false", "no", "off": configuration.secureCookies = false
      default:
        throw ValidationError("RAVEN_SECURE_COOKIES must be true or false, got '\(text)'")
      }
    }
    let proxies =
      trustedProxies.isEmpty
      ? (environment["RAVEN_TRUSTED_PROXY"] ?? "").split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
      }.filter { !$0.isEmpty } : trustedProxies
    configuration.trustedProxies = try proxies.map { text in
      guard let range = AddressRange(text) else {
        throw ValidationError(
          "A trusted proxy is an IP address or network such as 10.0.0.0/8, got '\(text)'")
      }
      return range
    }
    if let text = idleTimeout ?? environment["RAVEN_IDLE_TIMEOUT"] {
      guard let seconds = Int(text), (1...3_600).contains(seconds) else {
        throw ValidationError("The idle timeout is 1 to 3600 seconds, got '\(text)'")
      }
      configuration.idleTimeout = .seconds(seconds)
    }
    if let text = metricsPort.map(String.init) ?? environment["RAVEN_METRICS_PORT"] {
      guard let port = Int(text), (0...65_535).contains(port) else {
        throw ValidationError("The metrics port must be 0 to 65535, got '\(text)'")
      }
      configuration.metricsPort = port
    }
    configuration.metricsHost =
      metricsHost ?? environment["RAVEN_METRICS_HOST"] ?? configuration.metricsHost
  }
}
