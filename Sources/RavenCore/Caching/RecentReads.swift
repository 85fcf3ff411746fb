import Foundation
import Synchronization

/// What was read moments ago (from the store, a provider), by key: a value is read again once it is `lifetime`
/// old, past its own expiry, or forgotten. A server that writes forgets what it wrote at
/// once, so its own answers never lag its writes; servers sharing the database see one
/// another's writes within `lifetime`.
///
/// Inlinable, so that the modules using it get it specialized for their keys and values:
/// unspecialized across the module boundary, its lookups (five or more per portfolio
/// request) hashed and compared through generic metadata.
public final class RecentReads<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  @usableFromInline
  struct Entry: Sendable {
    @usableFromInline var value: Value
    @usableFromInline var readAt: Date
    @usableFromInline var expiresAt: Date?

    @inlinable
    init(value: Value, readAt: Date, expiresAt: Date?) {
      self.value = value
      self.readAt = readAt
      self.expiresAt = expiresAt
    }
  }

  @usableFromInline
  struct State: Sendable {
    @usableFromInline var entries: [Key: Entry] = [:]
    /// Moves on every `forget`: a read that began before one is not kept, since the
    /// write it followed may have landed after the read.
    @usableFromInline var generation = 0

    @inlinable init() {}

    /// The entry for `key` if it is still fresh at `now`; a stale one is dropped.
    @inlinable
    mutating func fresh(_ key: Key, now: Date, lifetime: TimeInterval) -> Value? {
      guard let entry = entries[key] else { return nil }
      // A clock stepped back makes nothing fresher than it was.
      let age = now.timeIntervalSince(entry.readAt)
      guard age >= 0, age < lifetime, entry.expiresAt.map({ now < $0 }) ?? true else {
        entries[key] = nil
        return nil
      }
      return entry.value
    }
  }

  /// Taken before reading the store: when the read began, and the forgets seen by then.
  public struct ReadMark: Sendable {
    @usableFromInline let generation: Int
    @usableFromInline let time: Date

    @inlinable
    init(generation: Int, time: Date) {
      self.generation = generation
      self.time = time
    }
  }

  public let lifetime: TimeInterval
  @usableFromInline let capacity: Int
  @usableFromInline let clock: any WallClock
  @usableFromInline let state = Mutex(State())

  public init(lifetime: TimeInterval, capacity: Int, clock: any WallClock) {
    precondition(capacity >= 1, "holds at least one value")
    self.lifetime = lifetime
    self.capacity = capacity
    self.clock = clock
  }

  public var count: Int { state.withLock { $0.entries.count } }

  /// The value read less than `lifetime` ago and not expired since, if any.
  @inlinable
  public func value(for key: Key) -> Value? {
    let now = clock.now
    let lifetime = lifetime
    return state.withLock { state in state.fresh(key, now: now, lifetime: lifetime) }
  }

  /// The recent values of `keys` (those with none are left out), under one lock and one
  /// reading of the clock. An array, not any sequence: a lazy one could call back into
  /// this cache while its lock is held.
  @inlinable
  public func values(for keys: [Key]) -> [Key: Value] {
    let now = clock.now
    let lifetime = lifetime
    return state.withLock { state in
      var found: [Key: Value] = [:]
      found.reserveCapacity(keys.count)
      for key in keys {
        if let value = state.fresh(key, now: now, lifetime: lifetime) { found[key] = value }
      }
      return found
    }
  }

  /// The recent value for `key`, else what `read` reads now, kept for next time.
  @inlinable
  public func value(for key: Key, read: () async throws -> Value) async rethrows -> Value {
    if let known = value(for: key) { return known }
    let mark = mark()
    let value = try await read()
    remember(value, for: key, readSince: mark)
    return value
  }

  /// Taken before reading the store, for `remember`.
  @inlinable
  public func mark() -> ReadMark {
    let now = clock.now
    return ReadMark(generation: state.withLock { $0.generation }, time: now)
  }

  /// Keeps what the store said of `key` in a read begun at `mark`, unless something was
  /// forgotten since (the write it followed may have landed after the read); `expiresAt`
  /// ends it sooner (a session's end). Its age counts from when the read began.
  @inlinable
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
