import ArgumentParser
import Configuration
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

  /// The flags given, under the keys of their `RAVEN_*` variables (the `--trusted-proxy`
  /// list apart, see `apply`).
  var flags: [(AbsoluteConfigKey, String?)] {
    [
      ("raven.secureCookies", secureCookies ? "true" : nil), ("raven.idleTimeout", idleTimeout),
      ("raven.metrics.port", metricsPort.map(String.init)), ("raven.metrics.host", metricsHost),
    ]
  }

  /// `RAVEN_SECURE_COOKIES`, `RAVEN_TRUSTED_PROXY` (comma-separated), `RAVEN_IDLE_TIMEOUT`,
  /// `RAVEN_METRICS_PORT`, `RAVEN_METRICS_HOST`, under the flags, read from `raven`.
  func apply(_ raven: ConfigReader, to configuration: inout ServerConfiguration) throws {
    // Read as text: the variable also takes on/off, and a value that is none of these is
    // refused where `bool(forKey:)` would fall back to the default.
    if let text = raven.string(forKey: "secureCookies") {
      switch text.lowercased() {
      case "1", "true", "yes", "on": configuration.secureCookies = true
      case "0", "false", "no", "off": configuration.secureCookies = false
      default:
        throw ValidationError("RAVEN_SECURE_COOKIES must be true or false, got '\(text)'")
      }
    }
    // The one setting still layered by hand. RAVEN_TRUSTED_PROXY skips empty items
    // ("a,,b", "" as compose files leave it) while an empty --trusted-proxy is refused;
    // `stringArray(forKey:)` keeps empty items and cannot tell which source gave one, so the
    // flags' list stays out of the reader and the variable is split here as before.
    let proxies =
      trustedProxies.isEmpty
      ? (raven.string(forKey: "trustedProxy") ?? "").split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
      }.filter { !$0.isEmpty } : trustedProxies
    configuration.trustedProxies = try proxies.map { text in
      guard let range = AddressRange(text) else {
        throw ValidationError(
          "A trusted proxy is an IP address or network such as 10.0.0.0/8, got '\(text)'")
      }
      return range
    }
    if let text = raven.string(forKey: "idleTimeout") {
      guard let seconds = Int(text), (1...3_600).contains(seconds) else {
        throw ValidationError("The idle timeout is 1 to 3600 seconds, got '\(text)'")
      }
      configuration.idleTimeout = .seconds(seconds)
    }
    if let text = raven.string(forKey: "metrics.port") {
      guard let port = Int(text), (0...65_535).contains(port) else {
        throw ValidationError("The metrics port must be 0 to 65535, got '\(text)'")
      }
      configuration.metricsPort = port
    }
    configuration.metricsHost = raven.string(
      forKey: "metrics.host", default: configuration.metricsHost)
  }
}
