extension RandomAccessCollection {
  /// The first index whose element satisfies `belongsInSecondPartition`, or `endIndex`;
  /// the collection must already be partitioned by it (all `false`, then all `true`).
  /// A binary search: O(log n) calls of the predicate.
  func partitioningIndex(where belongsInSecondPartition: (Element) throws -> Bool) rethrows
    -> Index
  {
    var low = startIndex
    var count = self.count
    while count > 0 {
      let half = count / 2
      let middle = index(low, offsetBy: half)
      if try belongsInSecondPartition(self[middle]) {
        count = half
      } else {
        low = index(after: middle)
        count -= half + 1
      }
    }
    return low
  }
}
