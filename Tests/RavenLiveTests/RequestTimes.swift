import Foundation

extension [Date] {
  /// The most requests in any window of `seconds` seconds, for instants of requests.
  func busiestWindow(seconds: TimeInterval) -> Int {
    let sorted = self.sorted()
    var most = 0
    var first = 0
    for last in sorted.indices {
      while sorted[last].timeIntervalSince(sorted[first]) >= seconds { first += 1 }
      most = Swift.max(most, last - first + 1)
    }
    return most
  }
}
