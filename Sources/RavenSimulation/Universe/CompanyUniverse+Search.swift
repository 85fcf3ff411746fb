import Foundation
import RavenCore
import RavenMarketData

extension CompanyUniverse {
  /// How well a company matches a query; lower is better.
  private enum MatchRank: Int, Comparable {
    case exactSymbol, symbolPrefix, nameWordPrefix, nameContains

    static func < (lhs: MatchRank, rhs: MatchRank) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// Companies whose symbol starts with `query`, or whose name has words starting with
  /// every word of `query` ("apple", "bank amer", "BRK"). Case and punctuation are ignored.
  public func search(_ query: String, limit: Int) -> [Company] {
    let words = Self.words(of: query)
    guard !words.isEmpty, limit > 0 else { return [] }
    let symbolQuery = query.trimmingCharacters(in: .whitespaces).uppercased()
    let ranked = companies.compactMap { company -> (MatchRank, Company)? in
      rank(company, symbolQuery: symbolQuery, words: words).map { ($0, company) }
    }
    return ranked.sorted { lhs, rhs in
      if lhs.0 != rhs.0 { return lhs.0 < rhs.0 }
      if lhs.1.referenceValue != rhs.1.referenceValue {
        return lhs.1.referenceValue > rhs.1.referenceValue
      }
      return lhs.1.symbol < rhs.1.symbol
    }.prefix(limit).map(\.1)
  }

  private func rank(_ company: Company, symbolQuery: String, words: [String]) -> MatchRank? {
    let symbol = company.symbol.rawValue
    if symbol == symbolQuery { return .exactSymbol }
    if symbol.hasPrefix(symbolQuery) { return .symbolPrefix }
    let nameWords = Self.words(of: company.name)
    if words.allSatisfy({ word in nameWords.contains { $0.hasPrefix(word) } }) {
      return .nameWordPrefix
    }
    let name = nameWords.joined(separator: " ")
    if words.count == 1, words[0].count >= 3, name.contains(words[0]) { return .nameContains }
    return nil
  }

  /// Lower-cased words of letters and digits: "Coca-Cola Co" → ["coca", "cola", "co"].
  static func words(of text: String) -> [String] {
    text.lowercased()
      .split { !($0.isLetter || $0.isNumber) }
      .map(String.init)
  }
}
