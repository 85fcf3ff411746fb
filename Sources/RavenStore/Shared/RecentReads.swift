import Foundation
import RavenCore
import Synchronization

/// What the store said moments ago, by key: a value is read again once it is `lifetime`
/// old, past its own expiry, or forgotten. A server that writes forgets what it wrote at
/// once, so its own answers never lag its writes; servers sharing the database see one
/// another's writes within `lifetime`.
public final class RecentReads<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private struct Entry {
    var value: Value
    var readAt: Date
    var expiresAt: Date?
  }

  private struct State {
    var entries: [Key: Entry] = [:]
    /// Moves on every `forget`: a read that began before one is not kept, since the
    /// write it followed may have landed after the read.
    var generation = 0
  }

  /// Taken before reading the store: when the read began, and the forgets seen by then.
  public struct ReadMark: Sendable {
    let generation: Int
    let time: Date
  }

  public let lifetime: TimeInterval
  private let capacity: Int
  private let clock: any WallClock
  private let state = Mutex(State())

  public init(lifetime: TimeInterval, capacity: Int, clock: any WallClock) {
    precondition(capacity >= 1, "holds at least one value")
    self.lifetime = lifetime
    self.capacity = capacity
    self.clock = clock
  }

  public var count: Int { state.withLock { $0.entries.count } }

  /// The value read less than `lifetime` ago and not expired since, if any.
  public func value(for key: Key) -> Value? {
    let now = clock.now
    return state.withLock { state in
      guard let entry = state.entries[key] else { return nil }
      // A clock stepped back makes nothing fresher than it was.
      let age = now.timeIntervalSince(entry.readAt)
      guard age >= 0, age < lifetime, entry.expiresAt.map({ now < $0 }) ?? true else {
        state.entries[key] = nil
        return nil
      }
      return entry.value
    }
  }

  /// The recent value for `key`, else what `read` reads now, kept for next time.
  public func value(for key: Key, read: () async throws -> Value) async rethrows -> Value {
    if let known = value(for: key) { return known }
    let mark = mark()
    let value = try await read()
    remember(value, for: key, readSince: mark)
    return value
  }

  /// Taken before reading the store, for `remember`.
  public func mark() -> ReadMark {
    let now = clock.now
    return ReadMark(generation: state.withLock { $0.generation }, time: now)
  }

  /// Keeps what the store said of `key` in a read begun at `mark`, unless something was
  /// forgotten since (the write it followed may have landed after the read); `expiresAt`
  /// ends it sooner (a session's end). Its age counts from when the read began.
  public func remember(
    _ value: Value, for key: Key, readSince mark: ReadMark, expiresAt: Date? = nil
  ) {
    let now = mark.time
    state.withLock { state in
      guard mark.generation == state.generation else { return }
      if state.entries.count >= capacity, state.entries[key] == nil {
        // Full: what has gone stale goes first, everything if nothing has.
        state.entries = state.entries.filter { now.timeIntervalSince($0.value.readAt) < lifetime }
        if state.entries.count >= capacity { state.entries.removeAll(keepingCapacity: true) }
      }
      state.entries[key] = Entry(value: value, readAt: now, expiresAt: expiresAt)
    }
  }

  public func forget(_ key: Key) {
    state.withLock { state in
      state.entries[key] = nil
      state.generation &+= 1
    }
  }

  public func forget(where matches: (Key, Value) -> Bool) {
    state.withLock { state in
      state.entries = state.entries.filter { !matches($0.key, $0.value.value) }
      state.generation &+= 1
    }
  }
}
