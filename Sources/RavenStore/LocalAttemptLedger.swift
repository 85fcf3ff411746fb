import Foundation

/// One server's attempts, in memory: what a single server (SQLite) throttles with.
///
/// It holds at most `capacity` counts and is never cleared wholesale: past it, what is out
/// of the window goes first, then the expendable counts, then counts that do not bite yet,
/// oldest first; counts that bite go last, oldest first, only when nothing else is left.
public actor LocalAttemptLedger: AttemptLedger {
  private let capacity: Int
  /// Each count's times within the window, oldest first.
  private var entries: [String: (key: AttemptKey, times: [Date])] = [:]
  /// The start of the window as last asked: older attempts count for nothing.
  private var since = Date.distantPast

  public init(capacity: Int = 100_000) {
    self.capacity = max(capacity, 10)
  }

  /// How many counts it holds (for tests of its bound).
  public var count: Int { entries.count }

  public func attempt<Answer: Sendable>(
    _ keys: [AttemptKey], since: Date, at time: Date,
    _ decide: @Sendable ([AttemptKey: [Date]]) -> AttemptDecision<Answer>
  ) -> Answer {
    self.since = since
    var seen: [AttemptKey: [Date]] = [:]
    for key in keys { seen[key] = recent(key) }
    let decision = decide(seen)
    for key in decision.record { record(key, at: time) }
    return decision.answer
  }

  public func forget(_ time: Date, from keys: [AttemptKey]) {
    for key in keys {
      guard var entry = entries[key.name], let index = entry.times.lastIndex(of: time) else {
        continue
      }
      entry.times.remove(at: index)
      entries[key.name] = entry.times.isEmpty ? nil : entry
    }
  }

  public func clear(_ keys: [AttemptKey]) {
    for key in keys { entries[key.name] = nil }
  }

  /// The attempts of `key` within the window, forgetting older ones.
  private func recent(_ key: AttemptKey) -> [Date] {
    guard let entry = entries[key.name] else { return [] }
    let times = entry.times.filter { $0 > since }
    entries[key.name] = times.isEmpty ? nil : (entry.key, times)
    return times
  }

  private func record(_ key: AttemptKey, at time: Date) {
    var times = recent(key)
    times.append(time)
    // Only the newest: no rule looks further back than its count.
    if times.count > key.kept { times.removeFirst(times.count - key.kept) }
    entries[key.name] = (key, times)
    if entries.count > capacity { makeRoom() }
  }

  /// Brings the table down to nine tenths of `capacity` (so that this runs once per tenth
  /// of it at most), in the order the type's summary gives.
  private func makeRoom() {
    entries = entries.compactMapValues { entry in
      let times = entry.times.filter { $0 > since }
      return times.isEmpty ? nil : (entry.key, times)
    }
    let excess = entries.count - capacity / 10 * 9
    guard excess > 0 else { return }
    let order = entries.values.map { entry in
      (
        name: entry.key.name, rank: Self.evictionRank(entry.key, entry.times),
        newest: entry.times.last ?? .distantPast
      )
    }
    .sorted { ($0.rank, $0.newest) < ($1.rank, $1.newest) }
    for doomed in order.prefix(excess) { entries[doomed.name] = nil }
  }

  /// 0 for an expendable count, 1 for one that does not bite yet, 2 for one that does.
  private static func evictionRank(_ key: AttemptKey, _ times: [Date]) -> Int {
    if key.expendable { return 0 }
    return times.count >= key.bitesAt ? 2 : 1
  }
}
