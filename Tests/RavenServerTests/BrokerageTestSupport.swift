import Foundation
import Hummingbird
import Logging
import RavenCore
import RavenSimulation
import RavenStore
import RavenStoreSQLite
import RavenTestSupport
import Synchronization

@testable import RavenServer

/// Every log line a server wrote, message and metadata, at every level.
final class LogCapture: Sendable {
  private let lines = Mutex<[String]>([])

  var all: [String] { lines.withLock { $0 } }

  func append(_ line: String) { lines.withLock { $0.append(line) } }

  var logger: Logger {
    var logger = Logger(label: "raven") { label in CapturingLogHandler(label: label, capture: self)
    }
    logger.logLevel = .trace
    return logger
  }
}

struct CapturingLogHandler: LogHandler {
  let label: String
  let capture: LogCapture
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .trace

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    let merged = metadata.merging(event.metadata ?? [:]) { $1 }
    capture.append("\(event.level) \(event.message) \(merged)")
  }
}

/// A server whose brokerage is a `FakeBrokerage` holding one Alpaca-like account.
enum BrokerageTestServer {
  static let keyID = "PKTESTKEY0000001WXYZ"
  static let secret = "alpaca-secret-0123456789abcdefghijklmnop"
  static let linkBody = #"{"provider":"alpaca","keyId":"\#(keyID)","secretKey":"\#(secret)"}"#

  static func brokerage(clock: ManualWallClock = ManualWallClock(TestServer.midSession))
    -> FakeBrokerage
  {
    let brokerage = FakeBrokerage(
      prices: ["AAPL": Price("190.00")!, "TSLA": Price("240.50")!], clock: clock)
    brokerage.addAccount(keyID: keyID, secretKey: secret, cash: 10_000)
    return brokerage
  }

  static func make(
    brokerage: FakeBrokerage, store: (any Store)? = nil,
    secretKey: Data = ServerSecret.key(fromSetting: "test secret key"),
    logs: LogCapture = LogCapture()
  ) async throws -> some ApplicationProtocol {
    let clock = ManualWallClock(TestServer.midSession)
    let dependencies = ServerDependencies(
      store: try store ?? SQLiteStore.temporary(),
      provider: SimulatedMarket(seed: 42, calendar: TestServer.calendar),
      clock: clock, calendar: TestServer.calendar, brokerage: brokerage, secretKey: secretKey)
    return try await buildApplication(
      TestServer.configuration(), dependencies: dependencies, logger: logs.logger)
  }
}
