import Foundation
import RavenBrokerage
import RavenCore
import RavenGateway
import RavenLive

/// How `raven serve` runs, read once at start from flags, then `RAVEN_*` environment
/// variables, then these defaults.
public struct ServerConfiguration: Sendable {
  public var host = "127.0.0.1"
  public var port = 8080
  /// Where the SQLite database (and later other state) lives.
  public var dataDirectory = ".raven"
  /// `postgres://user:password@host:5432/database` switches the store to PostgreSQL.
  public var databaseURL: String?
  /// The virtual cash a new account starts with.
  public var startingCash: Money = 25_000
  /// Runs the simulated market's clock from this instant onward (`--sim-start`); stored
  /// with the data, so a later start without it continues the market's time.
  public var simulationStart: Date?
  /// Market seconds per real second (`--sim-speed`); nil keeps the stored speed (1 at first).
  public var simulationSpeed: Double?
  /// Starts the simulated market afresh, canceling its open orders (`--sim-reset`).
  public var simulationReset = false
  /// The simulated market's seed.
  public var simulationSeed: UInt64 = 0
  /// Where people reach this server (`--public-url`, `RAVEN_PUBLIC_URL`), such as
  /// `https://raven.example.com`, without a trailing slash: Raven's links to its own pages
  /// (a simulated story, the simulated market) start with it. When nil, each request's
  /// `Host` decides (`http://<Host>`); see `publicURL(for:)`.
  public var publicURL: String?
  /// Marks cookies `Secure` and sends `Strict-Transport-Security` (`--secure-cookies`):
  /// turn on when the server is reached over HTTPS only. A trusted proxy's
  /// `X-Forwarded-Proto: https` turns both on for its requests.
  public var secureCookies = false
  /// Reverse proxies whose `X-Forwarded-For`, `X-Forwarded-Proto` and `X-Forwarded-Host`
  /// are believed (`--trusted-proxy CIDR`); none by default, so those headers are ignored.
  public var trustedProxies: [AddressRange] = []
  /// Where `/metrics` is served (`--metrics-port`, `--metrics-host`): a listener of its
  /// own, on loopback unless another host is given; nil serves no metrics at all.
  public var metricsPort: Int?
  public var metricsHost = "127.0.0.1"
  /// A connection that has not sent a complete request head within this time, or sits
  /// idle between requests this long, is closed (`--idle-timeout`, in seconds). Open
  /// WebSocket streams are not idle connections and stay.
  public var idleTimeout: Duration = .seconds(30)
  /// How often the quote stream looks for new prices.
  public var streamInterval: Duration = .seconds(1)
  /// The share of a minute's volume at an order's price or better that all accounts'
  /// orders on a symbol may take together (`--max-participation`, in percent; 10 %).
  public var maxParticipation = MinuteMatcher.defaultParticipation
  /// How often the order engine looks for newly completed minutes to match.
  public var orderMatchInterval: Duration = .seconds(5)
  /// bcrypt's work factor (4…31); 12 takes ~0.25 s per hash here.
  public var passwordHashCost: UInt8 = 12
  /// For developing the web app: serve its files from this directory, read again on every
  /// request, instead of the copy built into the package. Off (nil) by default.
  public var webDirectory: String?
  /// A Finnhub API key (`FINNHUB_API_KEY`): quotes, search, profiles, news and insights
  /// then come from Finnhub, and price history from the simulated market. Without one,
  /// everything comes from the simulated market.
  public var finnhubAPIKey: String?
  /// Where Finnhub's REST API is (`FINNHUB_BASE_URL`); tests and staging point it elsewhere.
  public var finnhubBaseURL = FinnhubConfiguration.defaultBaseURL
  /// Finnhub's rate budget; its free plan's by default (60 calls a minute, 30 a second).
  public var finnhubBudget = RateBudget.finnhubFree
  /// Finnhub's trades WebSocket (`FINNHUB_STREAM_URL`), which moves streamed quotes
  /// between REST calls.
  public var finnhubStreamURL = "wss://ws.finnhub.io"
  /// Alpaca market data keys (`ALPACA_API_KEY_ID`, `ALPACA_API_SECRET_KEY`): price
  /// history, and quotes and news where Finnhub is not configured or fails.
  public var alpacaKeyID: String?
  public var alpacaSecretKey: String?
  /// Where Alpaca's market data API is (`ALPACA_DATA_BASE_URL`).
  public var alpacaDataBaseURL = "https://data.alpaca.markets"
  /// Alpaca's market data budget; its free plan's by default (200 calls a minute).
  public var alpacaBudget = RateBudget.alpacaFree
  /// An Alpha Vantage key (`ALPHAVANTAGE_API_KEY`): quotes, search and price history as
  /// the last live fallback.
  public var alphaVantageAPIKey: String?
  /// Where Alpha Vantage is (`ALPHAVANTAGE_BASE_URL`).
  public var alphaVantageBaseURL = "https://www.alphavantage.co"
  /// Alpha Vantage's budget; its free plan's by default (25 calls a day, 1 a second).
  public var alphaVantageBudget = RateBudget.alphaVantageFree
  /// Seals users' brokerage keys at rest (`RAVEN_SECRET_KEY`): 32 bytes in base64, or any
  /// passphrase (stretched with HKDF-SHA256). Without it, a key generated once into
  /// `<dataDirectory>/secret.key` (mode 0600); servers sharing a database need it set.
  public var secretKey: String?
  /// Alpaca's trading API (`ALPACA_TRADING_BASE_URL`), where users who linked their Alpaca
  /// paper account trade; the paper host by default.
  public var alpacaTradingBaseURL = AlpacaTradingConfiguration.defaultBaseURL

  public init() {}

  /// What was asked of the simulated market's clock.
  public var marketClockRequest: MarketClockRequest {
    MarketClockRequest(start: simulationStart, speed: simulationSpeed, reset: simulationReset)
  }

  /// The SQLite file used when no database URL is given.
  public var sqlitePath: String {
    URL(fileURLWithPath: dataDirectory).appendingPathComponent("raven.sqlite").path
  }
}
