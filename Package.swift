// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "Raven",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "RavenCore", targets: ["RavenCore"]),
    .library(name: "RavenMarket", targets: ["RavenMarket"]),
    .executable(name: "raven", targets: ["raven"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
  ],
  targets: [
    // The domain: money, the NYSE calendar, the ledger, goals and chart math.
    // Foundation only, so that an iOS app can import it.
    .target(name: "RavenCore"),
    // The market-data interface and the deterministic simulated market.
    .target(name: "RavenMarket", dependencies: ["RavenCore"]),
    .executableTarget(
      name: "raven",
      dependencies: [
        "RavenCore",
        "RavenMarket",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(
      name: "RavenCoreTests",
      dependencies: [
        "RavenCore",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    .testTarget(name: "RavenMarketTests", dependencies: ["RavenMarket"]),
    .testTarget(name: "RavenCLITests", dependencies: ["raven"]),
  ],
  swiftLanguageModes: [.v6]
)
