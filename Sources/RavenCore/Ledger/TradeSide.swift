/// Which way a trade goes.
public enum TradeSide: String, Sendable, Hashable, Codable, CaseIterable {
  case buy
  case sell
}
