// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "Raven",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "RavenCore", targets: ["RavenCore"]),
    .library(name: "RavenAPI", targets: ["RavenAPI"]),
    .library(name: "AlpacaWire", targets: ["AlpacaWire"]),
    .library(name: "RavenMarketData", targets: ["RavenMarketData"]),
    .library(name: "RavenSimulation", targets: ["RavenSimulation"]),
    .library(name: "RavenLive", targets: ["RavenLive"]),
    .library(name: "RavenGateway", targets: ["RavenGateway"]),
    .library(name: "RavenBrokerage", targets: ["RavenBrokerage"]),
    .library(name: "RavenStore", targets: ["RavenStore"]),
    .library(name: "RavenStoreSQLite", targets: ["RavenStoreSQLite"]),
    .library(name: "RavenStorePostgres", targets: ["RavenStorePostgres"]),
    .library(name: "RavenServer", targets: ["RavenServer"]),
    .executable(name: "raven", targets: ["raven"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-configuration.git", from: "1.4.0"),
    .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
    .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
    .package(url: "https://github.com/pointfreeco/swift-tagged.git", from: "0.10.0"),
    .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
    .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
    .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
    .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
    .package(
      url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.8.1"),
    .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
    .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
    .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
    .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
    .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
  ],
  targets: [
    // The domain: money, the NYSE calendar, the ledger, goals and chart math.
    // Foundation only, so that an iOS app can import it.
    .target(
      name: "RavenCore",
      dependencies: [
        // Typed IDs (`UserID`, `TradeID`, …) for the records an account is made of.
        .product(name: "Tagged", package: "swift-tagged")
      ]
    ),
    // The public JSON API's request and response types, shared by the server, the CLI and
    // a future iOS app. Foundation and RavenCore only; openapi.yaml is the contract.
    .target(name: "RavenAPI", dependencies: ["RavenCore"]),
    // Every Alpaca JSON shape Raven serves (the /v2 facade) or reads (the brokerage and
    // market data clients), Codable both ways, with Alpaca's one time format. Foundation
    // only: amounts are the wire's own text, made exact by the modules that use them.
    .target(name: "AlpacaWire"),
    // The market-data interface (MarketDataProvider), its value types and errors, and
    // what is built on the interface alone (charts).
    .target(name: "RavenMarketData", dependencies: ["RavenCore"]),
    // How Raven's clients of outside HTTP APIs send requests and read answers: HTTPTransport
    // and its AsyncHTTPClient implementation, JSONDecoder with exact upstream amounts.
    .target(
      name: "RavenHTTP",
      dependencies: [
        // AlpacaWire for its amounts made exact, as every Alpaca client reads them.
        "RavenCore", "AlpacaWire",
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "NIOCore", package: "swift-nio"),
      ]
    ),
    // The deterministic simulated market: prices, companies, news and insights.
    .target(
      name: "RavenSimulation", dependencies: ["RavenCore", "RavenMarketData"],
      // The market is arithmetic on every minute of 26 years: unoptimized, the tests' first
      // look at the universe costs minutes of CPU and starves every test waiting on a clock
      // or a socket. Optimized in debug builds too; the results are the same IEEE arithmetic.
      swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]
    ),
    // Live market data over HTTP: Finnhub, Alpaca's market data, Alpha Vantage.
    .target(
      name: "RavenLive",
      dependencies: [
        "RavenCore", "RavenMarketData", "RavenHTTP", "AlpacaWire",
        // Finnhub's trades WebSocket.
        .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    // The only door to market data: cache, single flight, budgets, circuit, fallback.
    .target(
      name: "RavenGateway",
      dependencies: [
        "RavenCore", "RavenMarketData", "RavenHTTP",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Metrics", package: "swift-metrics"),
      ]
    ),
    // Persistence's interface: the Store protocols, their errors, and how both engines
    // write values and order bodies (shared by them, `package` access). No database driver.
    .target(
      name: "RavenStore",
      dependencies: ["RavenCore"]
    ),
    // The Store on SQLite (GRDB): one file, the embedded default.
    .target(
      name: "RavenStoreSQLite",
      dependencies: [
        "RavenCore", "RavenStore",
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    // The Store on PostgreSQL (PostgresNIO): many servers, one database.
    .target(
      name: "RavenStorePostgres",
      dependencies: [
        "RavenCore", "RavenStore",
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),
    // A user's account (Brokerage): the built-in ledger and a linked Alpaca account.
    .target(
      name: "RavenBrokerage",
      dependencies: [
        "RavenCore", "RavenMarketData", "RavenStore", "RavenHTTP", "AlpacaWire",
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "Tagged", package: "swift-tagged"),
      ]
    ),
    // Every fake and the manual clock. Only test targets depend on it.
    .target(
      name: "RavenTestSupport",
      dependencies: [
        "RavenCore", "RavenMarketData", "RavenGateway", "RavenBrokerage", "RavenHTTP",
        "RavenStore", "RavenSimulation",
        // GatewayFixture's metrics.
        .product(name: "MetricsTestKit", package: "swift-metrics"),
      ]
    ),
    // The Hummingbird 2 server: buildApplication, controllers, auth, the quote stream.
    .target(
      name: "RavenServer",
      dependencies: [
        "RavenCore", "RavenAPI", "RavenMarketData", "RavenSimulation", "RavenLive",
        "RavenGateway", "RavenHTTP", "RavenStore", "RavenBrokerage", "AlpacaWire",
        // Only `buildApplication`'s wiring opens a store by its engine.
        "RavenStoreSQLite", "RavenStorePostgres",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "CompressNIO", package: "compress-nio"),
        .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
        .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Metrics", package: "swift-metrics"),
        .product(name: "Prometheus", package: "swift-prometheus"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "NIOPosix", package: "swift-nio"),
        // The connection guard sits between NIO's HTTP/1 decoder and Hummingbird.
        .product(name: "NIOHTTP1", package: "swift-nio"),
        // The quote stream writes its frames to upgraded channels itself.
        .product(name: "NIOWebSocket", package: "swift-nio"),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
      ],
      resources: [.copy("Resources")]
    ),
    .executableTarget(
      name: "raven",
      dependencies: [
        "RavenCore",
        "RavenAPI",
        "RavenMarketData",
        "RavenSimulation",
        "RavenGateway",
        "RavenServer",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        // `serve`'s settings: its flags, then the environment, then defaults.
        .product(name: "Configuration", package: "swift-configuration"),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "Logging", package: "swift-log"),
        // `serve` runs the Hummingbird application and reads NIO's address errors.
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
      ]
    ),
    .testTarget(
      name: "RavenCoreTests",
      dependencies: [
        "RavenCore",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    .testTarget(name: "AlpacaWireTests", dependencies: ["AlpacaWire"]),
    .testTarget(
      name: "RavenMarketDataTests",
      dependencies: [
        "RavenCore", "RavenMarketData", "RavenSimulation", "RavenGateway", "RavenTestSupport",
      ]
    ),
    .testTarget(
      name: "RavenSimulationTests",
      dependencies: ["RavenCore", "RavenMarketData", "RavenSimulation", "RavenTestSupport"]
    ),
    .testTarget(
      name: "RavenGatewayTests",
      dependencies: [
        "RavenCore", "RavenMarketData", "RavenSimulation", "RavenGateway", "RavenTestSupport",
        .product(name: "MetricsTestKit", package: "swift-metrics"),
      ]
    ),
    .testTarget(
      name: "RavenHTTPTests",
      dependencies: ["RavenCore", "RavenHTTP"]
    ),
    // The clients of outside HTTP APIs against fake upstream servers: RavenLive's market
    // data (Finnhub, Alpaca, Alpha Vantage) and RavenBrokerage's Alpaca trading client.
    .testTarget(
      name: "RavenLiveTests",
      dependencies: [
        "RavenCore", "RavenMarketData", "RavenLive", "RavenGateway", "RavenHTTP",
        "RavenBrokerage", "RavenTestSupport", "AlpacaWire",
        .product(name: "MetricsTestKit", package: "swift-metrics"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
      ]
    ),
    .testTarget(
      name: "RavenStoreTests",
      dependencies: [
        "RavenCore", "RavenStore", "RavenStoreSQLite", "RavenStorePostgres", "RavenTestSupport",
        // To plant rows and read the schema behind the store's back.
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      // A database made by an earlier release, and what its API answered then.
      resources: [.copy("Fixtures")]
    ),
    .testTarget(
      name: "RavenBrokerageTests",
      dependencies: [
        "RavenCore", "RavenMarketData", "RavenStore", "RavenStoreSQLite", "RavenBrokerage",
        "RavenSimulation", "RavenGateway", "RavenTestSupport",
        // To plant rows the engine cannot read behind the store's back.
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    .testTarget(
      name: "RavenServerTests",
      dependencies: [
        // AlpacaWire for the fake Alpaca market data upstream's answers.
        "RavenServer", "RavenAPI", "RavenTestSupport", "AlpacaWire", "RavenStoreSQLite",
        "RavenStorePostgres",
        .product(name: "Crypto", package: "swift-crypto"),
        // To plant a row that `--sim-reset` cannot read behind the store's back.
        .product(name: "GRDB", package: "GRDB.swift"),
        // To read openapi.yaml's schemas and hold RavenAPI's types to them.
        .product(name: "Yams", package: "Yams"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
        // A PostgreSQL store runs as a service of the application under test.
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "CompressNIO", package: "compress-nio"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "HummingbirdWSTesting", package: "hummingbird-websocket"),
        // The stream's outbound handler, in a channel the tests drive.
        .product(name: "NIOEmbedded", package: "swift-nio"),
      ]
    ),
    .testTarget(
      name: "RavenCLITests",
      dependencies: [
        "raven", "RavenServer", "RavenStore", "RavenStoreSQLite", "RavenTestSupport",
        .product(name: "HummingbirdTesting", package: "hummingbird"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
