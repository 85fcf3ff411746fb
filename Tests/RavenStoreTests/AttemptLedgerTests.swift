import Foundation
import RavenStore
import RavenStorePostgres
import Testing

/// The throttles' counts (issue 38): in one server's memory, and in PostgreSQL shared by
/// servers, where two servers counting the same attempts hold one server's limit.
@Suite("Attempt ledgers")
struct AttemptLedgerTests {
  enum Kind: String, CustomTestStringConvertible, Sendable {
    case memory
    case postgres

    static var available: [Kind] {
      PostgresEngineLeaseTests.url == nil ? [.memory] : [.memory, .postgres]
    }

    var testDescription: String { rawValue }

    /// Two servers' ledgers: one memory for both (one server), or two stores' on one
    /// fresh PostgreSQL database.
    func withLedgers(_ body: ([any AttemptLedger]) async throws -> Void) async throws {
      switch self {
      case .memory:
        let ledger = LocalAttemptLedger()
        try await body([ledger, ledger])
      case .postgres:
        try await PostgresTestDatabase.with(
          url: PostgresEngineLeaseTests.url!, stores: 2, migrated: true
        ) { database in
          try await body(
            database.stores.compactMap { $0 as? PostgresStore }.map(PostgresAttemptLedger.init))
        }
      }
    }
  }

  static let now = Date(timeIntervalSince1970: 1_800_000_000)
  static let count = AttemptKey("pair:alice@203.0.113.9", kept: 5, bitesAt: 5)

  /// Records an attempt on `key` unless it has `limit` within the window already.
  static func admit(_ ledger: any AttemptLedger, _ key: AttemptKey, limit: Int, at time: Date)
    async throws -> Bool
  {
    try await ledger.attempt([key], since: time.addingTimeInterval(-900), at: time) { times in
      (times[key]?.count ?? 0) < limit
        ? AttemptDecision(record: [key], answer: true) : AttemptDecision(record: [], answer: false)
    }
  }

  static func times(_ ledger: any AttemptLedger, _ key: AttemptKey, at time: Date) async throws
    -> [Date]
  {
    try await ledger.attempt([key], since: time.addingTimeInterval(-900), at: time) { times in
      AttemptDecision(record: [], answer: times[key] ?? [])
    }
  }

  @Test(
    "Forty attempts at once through two servers on a limit of five: five pass",
    .timeLimit(.minutes(5)), arguments: Kind.available)
  func limitAcrossServers(kind: Kind) async throws {
    try await kind.withLedgers { ledgers in
      let passed = try await withThrowingTaskGroup(of: Bool.self) { group in
        for index in 0..<40 {
          let ledger = ledgers[index % 2]
          group.addTask {
            try await Self.admit(
              ledger, Self.count, limit: 5, at: Self.now.addingTimeInterval(Double(index) / 1000))
          }
        }
        return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
      }
      #expect(passed == 5)
      #expect(
        try await Self.times(ledgers[1], Self.count, at: Self.now.addingTimeInterval(1)).count == 5)
    }
  }

  @Test(
    "Counts keep their newest attempts within the window; one is taken back, a count cleared",
    .timeLimit(.minutes(5)), arguments: Kind.available)
  func windowForgetAndClear(kind: Kind) async throws {
    try await kind.withLedgers { ledgers in
      let short = AttemptKey("account:bob", kept: 3, bitesAt: 2)
      let other = AttemptKey("address:198.51.100.7", kept: 30, bitesAt: 30)
      for second in 0..<8 {
        let time = Self.now.addingTimeInterval(Double(second * 100))
        try await ledgers[second % 2].attempt(
          [short, other], since: time.addingTimeInterval(-900), at: time
        ) { _ in
          AttemptDecision(record: [short, other], answer: ())
        }
      }
      let end = Self.now.addingTimeInterval(700)
      // The newest three of `short`; of `other`, the six after the window's start (100 s,
      // 900 s before 1,000 s).
      #expect(
        try await Self.times(ledgers[0], short, at: end)
          == [500, 600, 700].map { Self.now.addingTimeInterval($0) })
      let later = Self.now.addingTimeInterval(1_000)
      #expect(try await Self.times(ledgers[1], other, at: later).count == 6)

      try await ledgers[1].forget(Self.now.addingTimeInterval(600), from: [short, other])
      #expect(
        try await Self.times(ledgers[0], short, at: end)
          == [500, 700].map { Self.now.addingTimeInterval($0) })
      #expect(try await Self.times(ledgers[0], other, at: later).count == 5)

      try await ledgers[0].clear([short])
      #expect(try await Self.times(ledgers[1], short, at: end).isEmpty)
      #expect(try await Self.times(ledgers[1], other, at: later).count == 5)
    }
  }
}
