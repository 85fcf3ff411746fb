import RavenMarketData
import Testing

@testable import RavenGateway

@Suite("Gateway: least-recently-used cache")
struct GatewayLRUCacheTests {
  @Test("Past its capacity it drops the least recently used entry")
  func evictsLeastRecentlyUsed() {
    var cache = LRUCache<String, Int>(maxCost: 3)
    cache.insert(1, forKey: "a")
    cache.insert(2, forKey: "b")
    cache.insert(3, forKey: "c")
    #expect(cache.value(forKey: "a") == 1)
    cache.insert(4, forKey: "d")
    #expect(cache.peek("b") == nil)
    #expect(cache.keysByRecency == ["d", "a", "c"])
    #expect(cache.count == 3)
  }

  @Test("Costs add up; an entry costing more than the whole cache is not kept")
  func costs() {
    var cache = LRUCache<String, [Int]>(maxCost: 10)
    cache.insert(Array(0..<4), forKey: "a", cost: 4)
    cache.insert(Array(0..<4), forKey: "b", cost: 4)
    cache.insert(Array(0..<4), forKey: "c", cost: 4)
    #expect(cache.keysByRecency == ["c", "b"])
    #expect(cache.totalCost == 8)
    cache.insert(Array(0..<11), forKey: "huge", cost: 11)
    #expect(cache.peek("huge") == nil)
    #expect(cache.totalCost == 8)
  }

  @Test("Replacing and removing keep the order and the cost right")
  func replaceAndRemove() {
    var cache = LRUCache<Int, Int>(maxCost: 100)
    for key in 0..<10 { cache.insert(key, forKey: key, cost: 2) }
    cache.insert(42, forKey: 3, cost: 5)
    cache.removeValue(forKey: 7)
    #expect(cache.totalCost == 8 * 2 + 5)
    #expect(cache.keysByRecency == [3, 9, 8, 6, 5, 4, 2, 1, 0])
    #expect(cache.value(forKey: 0) == 0)
    #expect(cache.keysByRecency.first == 0)
    #expect(cache.keysByRecency.last == 1)
  }
}
