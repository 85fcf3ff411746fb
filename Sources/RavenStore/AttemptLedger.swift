import Foundation

/// What one throttle count is of ("pair:alice@203.0.113.9"), with what a ledger needs to
/// keep it small: counts are told apart by `name` alone.
public struct AttemptKey: Hashable, Sendable {
  public var name: String
  /// How many of its newest attempts any rule reads: older ones may go.
  public var kept: Int
  /// How many attempts within the window make it bite: a ledger short of room forgets
  /// counts that bite last.
  public var bitesAt: Int
  /// Whether a ledger short of room forgets it first (API keys' counts).
  public var expendable: Bool

  public init(_ name: String, kept: Int, bitesAt: Int, expendable: Bool = false) {
    self.name = name
    self.kept = max(kept, 1)
    self.bitesAt = bitesAt
    self.expendable = expendable
  }

  public static func == (lhs: AttemptKey, rhs: AttemptKey) -> Bool { lhs.name == rhs.name }
  public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// What a throttle decided on the attempts it read: the counts to record the new attempt
/// under (none when it is refused), and its answer.
public struct AttemptDecision<Answer: Sendable>: Sendable {
  public var record: [AttemptKey]
  public var answer: Answer

  public init(record: [AttemptKey], answer: Answer) {
    self.record = record
    self.answer = answer
  }
}

/// Where throttles keep the attempts they count (sign-ins, wrong API secrets, sign-ups):
/// in one server's memory, or in the database that several servers share, so that they
/// hold the same limits as one.
public protocol AttemptLedger: Sendable {
  /// In one step no other attempt on the same counts interleaves with: reads each of
  /// `keys`' attempts after `since` (oldest first), and records one at `time` under the
  /// counts `decide` returns.
  func attempt<Answer: Sendable>(
    _ keys: [AttemptKey], since: Date, at time: Date,
    _ decide: @Sendable ([AttemptKey: [Date]]) -> AttemptDecision<Answer>
  ) async throws(StoreError) -> Answer

  /// Takes back one attempt recorded at `time` from each of `keys`.
  func forget(_ time: Date, from keys: [AttemptKey]) async throws(StoreError)

  /// Forgets every attempt of `keys`.
  func clear(_ keys: [AttemptKey]) async throws(StoreError)
}
