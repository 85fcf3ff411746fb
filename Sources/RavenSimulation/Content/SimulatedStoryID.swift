import Foundation
import RavenCore

/// The id of a simulated story, `sim-AAPL-20261120-1`: the symbol, the day of the session
/// the story is about, and its place among that session's stories (from 1). The id alone
/// says where to look for the story again, so a link to it needs nothing stored.
public struct SimulatedStoryID: Sendable, Hashable, CustomStringConvertible {
  /// What every simulated story's id starts with, and no live provider's does.
  public static let prefix = "sim-"

  public var symbol: Symbol
  public var date: MarketDate
  public var ordinal: Int

  public init(symbol: Symbol, date: MarketDate, ordinal: Int) {
    self.symbol = symbol
    self.date = date
    self.ordinal = ordinal
  }

  /// Reads an id as `description` writes it; `nil` for anything else (another provider's
  /// id, a malformed or non-canonical one, an ordinal no session reaches). Symbols may hold
  /// a `-` (`BRK-B`), so the date and ordinal are read from the right.
  public init?(_ text: String) {
    guard text.hasPrefix(Self.prefix), text.utf8.count <= 64 else { return nil }
    let parts = text.dropFirst(Self.prefix.count)
      .split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count >= 3 else { return nil }
    let day = parts[parts.count - 2]
    guard day.utf8.count == 8, day.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
      let date = MarketDate("\(day.prefix(4))-\(day.dropFirst(4).prefix(2))-\(day.suffix(2))"),
      let ordinal = Int(parts[parts.count - 1]),
      (1...NewsDesk.storiesPerSession).contains(ordinal),
      let symbol = Symbol(parts.dropLast(2).joined(separator: "-"))
    else { return nil }
    self.init(symbol: symbol, date: date, ordinal: ordinal)
    // One spelling per story: `+1`, `01` or a lower-case symbol are not its id.
    guard description == text else { return nil }
  }

  public var description: String {
    let day = date.description.replacingOccurrences(of: "-", with: "")
    return "\(Self.prefix)\(symbol)-\(day)-\(ordinal)"
  }
}
