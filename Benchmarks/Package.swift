// swift-tools-version: 6.1
import Foundation
import PackageDescription

// The Raven package is the parent folder; SwiftPM names a path dependency after its
// folder, which differs between clones, so read that name instead of assuming it.
let ravenPackage = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
  name: "RavenBenchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: ".."),
    .package(
      url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1",
      traits: ["MallocInterposer"]),
    .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
  ],
  targets: [
    .executableTarget(
      name: "CoreBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "RavenCore", package: ravenPackage),
        .product(name: "RavenMarketData", package: ravenPackage),
        .product(name: "RavenSimulation", package: ravenPackage),
      ],
      path: "Benchmarks/CoreBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "PerformanceBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "RavenBrokerage", package: ravenPackage),
        .product(name: "RavenCore", package: ravenPackage),
        .product(name: "RavenGateway", package: ravenPackage),
        .product(name: "RavenMarketData", package: ravenPackage),
        .product(name: "RavenSimulation", package: ravenPackage),
        .product(name: "RavenStore", package: ravenPackage),
        .product(name: "RavenStoreSQLite", package: ravenPackage),
      ],
      path: "Benchmarks/PerformanceBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "StoreBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "RavenCore", package: ravenPackage),
        .product(name: "RavenStore", package: ravenPackage),
        .product(name: "RavenStoreSQLite", package: ravenPackage),
      ],
      path: "Benchmarks/StoreBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
