import Foundation
import RavenCore
import RavenMarketData

/// One simulated quarterly report: the figures, and when they became public.
struct EarningsReport: Sendable, Hashable {
  let quarter: FiscalQuarter
  let surprise: EarningsSurprise
  /// The index of the session on whose morning the report came out.
  let session: Int
  /// When the report came out: before that session's opening bell.
  let publishedAt: Date
}

/// The simulated fundamentals behind earnings per share: what a share price says
/// about a year's profit in each industry.
enum EarningsFundamentals {
  /// A typical trailing price-to-earnings ratio for the industry: what the market
  /// pays for a dollar of annual profit. Growth industries are dearer than banks.
  static func priceEarningsRatio(_ industry: String) -> Double {
    switch industry {
    case "Technology", "Real Estate": 30
    case "Semiconductors", "Biotechnology", "Life Sciences Tools & Services": 27
    case "Beverages", "Health Care", "Retail", "Hotels, Restaurants & Leisure": 23
    case "Financial Services", "Utilities", "Food Products", "Consumer products": 19
    case "Pharmaceuticals", "Media", "Insurance", "Chemicals": 16
    case "Banking", "Energy", "Metals & Mining", "Tobacco", "Telecommunication": 11
    case "Automobiles", "Airlines": 9
    default: 20
    }
  }

  /// How likely a company of the industry is to be losing money.
  static func lossProbability(_ industry: String) -> Double {
    switch industry {
    case "Biotechnology": 0.4
    case "Airlines", "Automobiles", "Leisure Products": 0.12
    case "Technology", "Media", "Diversified Consumer Services": 0.08
    default: 0.03
    }
  }

  /// `dollars` as an amount with exactly two fraction digits, half away from zero;
  /// never zero, so that a surprise percentage is always defined.
  static func cents(_ dollars: Double) -> ExactDecimal {
    var cents = Int64((dollars * 100).rounded())
    if cents == 0 { cents = dollars < 0 ? -1 : 1 }
    return ExactDecimal(units: cents, fractionDigits: 2)
  }
}
