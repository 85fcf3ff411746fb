import ArgumentParser
import Foundation
import RavenCore
import RavenServer
import Testing

@testable import raven

/// Every setting of `raven serve` reaches the server from its `RAVEN_*` (or provider's)
/// variable, and its flag wins over the variable.
@Suite("raven serve: every setting from its variable and its flag")
struct ServeSettingsTests {
  /// A value for every variable `serve` reads, none of them its default.
  static let variables = [
    "RAVEN_HOST": "0.0.0.0", "RAVEN_PORT": "9091", "RAVEN_DATA_DIR": "/tmp/raven-variables",
    "RAVEN_DATABASE_URL": "postgres://raven:pw@127.0.0.1:5432/raven",
    "RAVEN_STARTING_CASH": "500", "RAVEN_SIM_START": "2026-11-20T15:00:00Z",
    "RAVEN_SIM_SPEED": "60", "RAVEN_SIM_SEED": "7", "RAVEN_MAX_PARTICIPATION": "5",
    "RAVEN_WEB_DIR": "/tmp/web", "RAVEN_PUBLIC_URL": "https://raven.example.com",
    "RAVEN_SECURE_COOKIES": "on", "RAVEN_TRUSTED_PROXY": "10.0.0.1",
    "RAVEN_IDLE_TIMEOUT": "7", "RAVEN_METRICS_PORT": "9464", "RAVEN_METRICS_HOST": "0.0.0.0",
    "RAVEN_SECRET_KEY": "a passphrase", "ALPACA_TRADING_BASE_URL": "http://127.0.0.1:9004",
    "FINNHUB_API_KEY": "fh", "FINNHUB_BASE_URL": "http://127.0.0.1:9001",
    "FINNHUB_STREAM_URL": "ws://127.0.0.1:9002", "FINNHUB_CALLS_PER_MINUTE": "300",
    "ALPACA_API_KEY_ID": "PK", "ALPACA_API_SECRET_KEY": "sk",
    "ALPACA_DATA_BASE_URL": "http://127.0.0.1:9003", "ALPACA_CALLS_PER_MINUTE": "1000",
    "ALPHAVANTAGE_API_KEY": "av", "ALPHAVANTAGE_BASE_URL": "http://127.0.0.1:9005",
    "ALPHAVANTAGE_CALLS_PER_DAY": "500",
  ]

  @Test("Each variable sets its setting")
  func variables() throws {
    let configuration = try ServeCommand.parse([]).serverConfiguration(
      environment: Self.variables)
    #expect(configuration.host == "0.0.0.0" && configuration.port == 9091)
    #expect(configuration.dataDirectory == "/tmp/raven-variables")
    #expect(configuration.databaseURL == "postgres://raven:pw@127.0.0.1:5432/raven")
    #expect(configuration.startingCash == Money("500"))
    #expect(configuration.simulationStart == ISO8601.parse("2026-11-20T15:00:00Z"))
    #expect(configuration.simulationSpeed == 60 && configuration.simulationSeed == 7)
    #expect(configuration.maxParticipation == ExactDecimal(units: 5, fractionDigits: 2))
    #expect(configuration.webDirectory == "/tmp/web")
    #expect(configuration.publicURL == "https://raven.example.com")
    #expect(configuration.secureCookies)
    #expect(configuration.trustedProxies.map(\.description) == ["10.0.0.1"])
    #expect(configuration.idleTimeout == .seconds(7))
    #expect(configuration.metricsPort == 9464 && configuration.metricsHost == "0.0.0.0")
    #expect(configuration.secretKey == "a passphrase")
    #expect(configuration.alpacaTradingBaseURL == "http://127.0.0.1:9004")
    #expect(configuration.finnhubAPIKey == "fh")
    #expect(configuration.finnhubBaseURL == "http://127.0.0.1:9001")
    #expect(configuration.finnhubStreamURL == "ws://127.0.0.1:9002")
    #expect(configuration.finnhubBudget.limits.map(\.window?.calls) == [300])
    #expect(configuration.alpacaKeyID == "PK" && configuration.alpacaSecretKey == "sk")
    #expect(configuration.alpacaDataBaseURL == "http://127.0.0.1:9003")
    #expect(configuration.alpacaBudget.limits.map(\.window?.calls) == [1000])
    #expect(configuration.alphaVantageAPIKey == "av")
    #expect(configuration.alphaVantageBaseURL == "http://127.0.0.1:9005")
    #expect(configuration.alphaVantageBudget.limits.map(\.window?.calls) == [500, 1])
  }

  @Test("Each flag wins over its variable")
  func flags() throws {
    let configuration = try ServeCommand.parse([
      "--host", "::1", "--port", "9092", "--data-dir", "/tmp/raven-flags",
      "--database-url", "postgres://flag@127.0.0.1/raven", "--starting-cash", "600",
      "--sim-start", "2026-11-23T15:00:00Z", "--sim-speed", "30", "--seed", "8",
      "--max-participation", "6", "--web-dir", "/tmp/web-flag",
      "--public-url", "http://192.168.1.20:8080", "--trusted-proxy", "10.0.0.2",
      "--idle-timeout", "8", "--metrics-port", "9465", "--metrics-host", "127.0.0.2",
      "--finnhub-base-url", "http://127.0.0.1:9011",
      "--alpaca-trading-base-url", "http://127.0.0.1:9014",
    ]).serverConfiguration(
      environment: Self.variables.merging(["RAVEN_SECURE_COOKIES": "off"]) {
        $1
      })
    #expect(configuration.host == "::1" && configuration.port == 9092)
    #expect(configuration.dataDirectory == "/tmp/raven-flags")
    #expect(configuration.databaseURL == "postgres://flag@127.0.0.1/raven")
    #expect(configuration.startingCash == Money("600"))
    #expect(configuration.simulationStart == ISO8601.parse("2026-11-23T15:00:00Z"))
    #expect(configuration.simulationSpeed == 30 && configuration.simulationSeed == 8)
    #expect(configuration.maxParticipation == ExactDecimal(units: 6, fractionDigits: 2))
    #expect(configuration.webDirectory == "/tmp/web-flag")
    #expect(configuration.publicURL == "http://192.168.1.20:8080")
    #expect(configuration.trustedProxies.map(\.description) == ["10.0.0.2"])
    #expect(configuration.idleTimeout == .seconds(8))
    #expect(configuration.metricsPort == 9465 && configuration.metricsHost == "127.0.0.2")
    #expect(configuration.finnhubBaseURL == "http://127.0.0.1:9011")
    #expect(configuration.alpacaTradingBaseURL == "http://127.0.0.1:9014")
    #expect(!configuration.secureCookies)
    let secure = try ServeCommand.parse(["--secure-cookies"]).serverConfiguration(
      environment: ["RAVEN_SECURE_COOKIES": "off"])
    #expect(secure.secureCookies)
  }
}
