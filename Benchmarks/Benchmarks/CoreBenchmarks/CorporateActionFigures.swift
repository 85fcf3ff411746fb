import Foundation
import RavenCore
import RavenSimulation

/// The universe's corporate life in the figures BENCHMARKS.md records: payers, the median
/// yield of 2023's regular dividends on the anchor price (where raw and model prices
/// agree), and splits a year.
struct CorporateActionFigures: CustomStringConvertible {
  var payers = 0
  var companies = 0
  var dividendsPerYear: [Int: Int] = [:]
  var forwardSplitsPerYear: [Int: Int] = [:]
  var reverseSplitsPerYear: [Int: Int] = [:]
  var yields: [Double] = []

  init(_ actions: [[CorporateAction]], universe: CompanyUniverse) {
    companies = universe.companies.count
    for (company, actions) in zip(universe.companies, actions) {
      if actions.contains(where: { $0.dividendRate != nil }) { payers += 1 }
      var paid2023 = 0.0
      for action in actions {
        let year = action.exDate.year
        switch action.kind {
        case .cashDividend(let rate, let special):
          dividendsPerYear[year, default: 0] += 1
          if year == 2023, !special {
            paid2023 += NSDecimalNumber(decimal: rate.exact.value).doubleValue
          }
        case .split(let ratio):
          if ratio.isReverse {
            reverseSplitsPerYear[year, default: 0] += 1
          } else {
            forwardSplitsPerYear[year, default: 0] += 1
          }
        }
      }
      if paid2023 > 0 {
        yields.append(
          paid2023 / NSDecimalNumber(decimal: company.referencePrice.exact.value).doubleValue)
      }
    }
  }

  var description: String {
    let years = 2001...2025
    func range(_ counts: [Int: Int]) -> String {
      let values = years.map { counts[$0, default: 0] }
      let mean = Double(values.reduce(0, +)) / Double(years.count)
      return "\(values.min()!)–\(values.max()!) a year, mean \(String(format: "%.1f", mean))"
    }
    let median = yields.sorted()[yields.count / 2]
    return """
      Corporate actions, \(years.lowerBound)–\(years.upperBound): payers \(payers) of \(companies) \
      (\(String(format: "%.0f", 100 * Double(payers) / Double(companies))) %); median 2023 yield \
      \(String(format: "%.2f", 100 * median)) %; dividends \(range(dividendsPerYear)); forward \
      splits \(range(forwardSplitsPerYear)); reverse splits \(range(reverseSplitsPerYear))
      """
  }
}
