import ArgumentParser
import RavenServer
import Testing

@testable import raven

/// `raven serve`'s options for the open internet, from flags and `RAVEN_*` variables.
@Suite("raven serve: security options")
struct ServeSecurityOptionsTests {
  func configuration(_ arguments: [String], _ environment: [String: String] = [:]) throws
    -> ServerConfiguration
  {
    try ServeCommand.parse(arguments).serverConfiguration(environment: environment)
  }

  @Test("Defaults: plain cookies, no trusted proxy, 30 s idle timeout, no metrics listener")
  func defaults() throws {
    let configuration = try configuration([])
    #expect(!configuration.secureCookies)
    #expect(configuration.trustedProxies.isEmpty)
    #expect(configuration.idleTimeout == .seconds(30))
    #expect(configuration.metricsPort == nil)
    #expect(configuration.metricsHost == "127.0.0.1")
  }

  @Test("Flags and variables set them; flags win")
  func flagsAndVariables() throws {
    let flags = try configuration([
      "--secure-cookies", "--trusted-proxy", "10.0.0.0/8", "--trusted-proxy", "::1",
      "--idle-timeout", "5", "--metrics-port", "9464", "--metrics-host", "0.0.0.0",
    ])
    #expect(flags.secureCookies)
    #expect(flags.trustedProxies.map(\.description) == ["10.0.0.0/8", "::1"])
    #expect(flags.idleTimeout == .seconds(5))
    #expect(flags.metricsPort == 9464 && flags.metricsHost == "0.0.0.0")
    let environment = try configuration(
      [],
      [
        "RAVEN_SECURE_COOKIES": "true", "RAVEN_TRUSTED_PROXY": "127.0.0.1, 172.16.0.0/12",
        "RAVEN_IDLE_TIMEOUT": "60", "RAVEN_METRICS_PORT": "9100",
      ])
    #expect(environment.secureCookies)
    #expect(environment.trustedProxies.map(\.description) == ["127.0.0.1", "172.16.0.0/12"])
    #expect(environment.idleTimeout == .seconds(60))
    #expect(environment.metricsPort == 9100)
    let both = try configuration(
      ["--trusted-proxy", "10.0.0.1"], ["RAVEN_TRUSTED_PROXY": "10.0.0.2"])
    #expect(both.trustedProxies.map(\.description) == ["10.0.0.1"])
    #expect(try !configuration([], ["RAVEN_SECURE_COOKIES": "false"]).secureCookies)
  }

  @Test("Bad values are refused with a clear message")
  func refusals() {
    let cases: [([String], [String: String])] = [
      (["--trusted-proxy", "example.com"], [:]),
      (["--trusted-proxy", "10.0.0.0/40"], [:]),
      ([], ["RAVEN_SECURE_COOKIES": "maybe"]),
      (["--idle-timeout", "0"], [:]),
      (["--idle-timeout", "soon"], [:]),
      ([], ["RAVEN_METRICS_PORT": "70000"]),
    ]
    for (arguments, environment) in cases {
      #expect(throws: ValidationError.self, "\(arguments) \(environment)") {
        try configuration(arguments, environment)
      }
    }
  }
}
