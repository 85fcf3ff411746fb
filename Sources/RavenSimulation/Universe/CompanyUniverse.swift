import Foundation
import RavenCore
import RavenMarketData

/// The companies the simulated market lists, indexed by symbol and by industry.
public struct CompanyUniverse: Sendable {
  public let companies: [Company]
  private let bySymbol: [Symbol: Int]
  private let byIndustry: [String: [Int]]

  public init(companies: [Company]) {
    self.companies = companies
    self.bySymbol = Dictionary(
      companies.enumerated().map { ($1.symbol, $0) }, uniquingKeysWith: { first, _ in first })
    self.byIndustry = Dictionary(grouping: companies.indices, by: { companies[$0].industry })
  }

  /// The built-in universe of real US-listed companies, then real exchange-traded funds.
  public static func builtIn() -> CompanyUniverse {
    CompanyUniverse(
      companies: rows.split(separator: "\n").map { parse(row: $0) }
        + fundRows.split(separator: "\n").map { parse(fundRow: $0) })
  }

  /// The exchange-traded funds, in universe order.
  public var funds: [Company] { companies(inIndustry: Fund.industry) }

  public func company(for symbol: Symbol) -> Company? {
    bySymbol[symbol].map { companies[$0] }
  }

  /// Every company of `industry`, in universe order.
  public func companies(inIndustry industry: String) -> [Company] {
    (byIndustry[industry] ?? []).map { companies[$0] }
  }

  public var industries: [String] { byIndustry.keys.sorted() }

  /// Parses `symbol|name|exchange|industry|ipo|weburl|sharesOutstandingMillions|referencePrice`.
  /// The rows are part of the program, so a malformed row is a programming error
  /// that the universe tests catch.
  static func parse(row: Substring) -> Company {
    let fields = row.split(separator: "|", omittingEmptySubsequences: false).map {
      String($0).trimmingCharacters(in: .whitespaces)
    }
    guard fields.count == 8,
      let symbol = Symbol(fields[0]),
      let ipo = MarketDate(fields[4]),
      let millions = ExactDecimal(fields[6]),
      let price = Price(fields[7])
    else { preconditionFailure("Malformed universe row: \(row)") }
    return Company(
      symbol: symbol, name: fields[1], exchange: fields[2], industry: fields[3], ipo: ipo,
      webURL: fields[5], sharesOutstanding: Quantity(exact: (millions * 1_000_000).trimmed),
      referencePrice: price)
  }
}
