/// A least-recently-used cache bounded by a total cost (an entry's cost is 1, or its
/// size). Inserting past the bound evicts the least recently used entries. O(1) per
/// operation: a dictionary into a doubly linked list kept in an array of slots.
///
/// Inlinable, so that the modules using it (the gateway's caches, the simulated market's)
/// get it specialized for their keys and values: unspecialized across the module
/// boundary, its generic calls were a fifth of a cached portfolio request's CPU.
public struct LRUCache<Key: Hashable, Value> {
  @usableFromInline
  struct Node {
    @usableFromInline var key: Key
    @usableFromInline var value: Value
    @usableFromInline var cost: Int
    @usableFromInline var newer: Int?
    @usableFromInline var older: Int?

    @inlinable
    init(key: Key, value: Value, cost: Int, newer: Int?, older: Int?) {
      self.key = key
      self.value = value
      self.cost = cost
      self.newer = newer
      self.older = older
    }
  }

  /// The most the entries may cost together.
  public let maxCost: Int
  /// What the entries cost together.
  public var totalCost: Int { storedCost }
  @usableFromInline var storedCost = 0
  @usableFromInline var slots: [Node?] = []
  @usableFromInline var freeSlots: [Int] = []
  @usableFromInline var index: [Key: Int] = [:]
  @usableFromInline var newest: Int?
  @usableFromInline var oldest: Int?

  @inlinable
  public init(maxCost: Int) {
    precondition(maxCost >= 1, "a cache holds at least one entry")
    self.maxCost = maxCost
  }

  @inlinable public var count: Int { index.count }

  /// The value for `key`, marking it most recently used.
  @inlinable
  public mutating func value(forKey key: Key) -> Value? {
    guard let slot = index[key] else { return nil }
    moveToNewest(slot)
    return slots[slot]?.value
  }

  /// The value for `key` without touching its recency.
  @inlinable
  public func peek(_ key: Key) -> Value? {
    index[key].flatMap { slots[$0]?.value }
  }

  /// Stores `value` as the most recently used entry, then evicts the least recently used
  /// entries until the total cost fits. An entry costing more than `maxCost` is not kept.
  @inlinable
  public mutating func insert(_ value: Value, forKey key: Key, cost: Int = 1) {
    let cost = max(cost, 1)
    removeValue(forKey: key)
    guard cost <= maxCost else { return }
    let node = Node(key: key, value: value, cost: cost, newer: nil, older: newest)
    let slot: Int
    if let free = freeSlots.popLast() {
      slot = free
      slots[slot] = node
    } else {
      slot = slots.count
      slots.append(node)
    }
    if let newest { slots[newest]?.newer = slot }
    newest = slot
    if oldest == nil { oldest = slot }
    index[key] = slot
    storedCost += cost
    while totalCost > maxCost, let victim = oldest {
      guard let victimKey = slots[victim]?.key else { break }
      removeValue(forKey: victimKey)
    }
  }

  @inlinable
  public mutating func removeValue(forKey key: Key) {
    guard let slot = index.removeValue(forKey: key), let node = slots[slot] else { return }
    unlink(node, at: slot)
    slots[slot] = nil
    freeSlots.append(slot)
    storedCost -= node.cost
  }

  /// Keys from the most to the least recently used (for tests).
  public var keysByRecency: [Key] {
    var keys: [Key] = []
    var cursor = newest
    while let slot = cursor, let node = slots[slot] {
      keys.append(node.key)
      cursor = node.older
    }
    return keys
  }

  @inlinable
  mutating func moveToNewest(_ slot: Int) {
    guard slot != newest, let node = slots[slot] else { return }
    unlink(node, at: slot)
    slots[slot]?.newer = nil
    slots[slot]?.older = newest
    if let newest { slots[newest]?.newer = slot }
    newest = slot
    if oldest == nil { oldest = slot }
  }

  @inlinable
  mutating func unlink(_ node: Node, at slot: Int) {
    if let newer = node.newer { slots[newer]?.older = node.older } else { newest = node.older }
    if let older = node.older { slots[older]?.newer = node.newer } else { oldest = node.newer }
  }
}

extension LRUCache: Sendable where Key: Sendable, Value: Sendable {}
extension LRUCache.Node: Sendable where Key: Sendable, Value: Sendable {}
