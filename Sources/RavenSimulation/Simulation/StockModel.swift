import Foundation
import RavenCore
import RavenMarketData

/// The fixed character of one simulated stock: its price level, volatility, drift,
/// trading volume and where its history starts. Derived once from the company and
/// the seed; every price is then a function of this and the session.
struct StockModel: Sendable {
  let company: Company
  let symbolNoise: DeterministicNoise
  let industryNoise: DeterministicNoise
  /// The reference price in cents, reached at the close of `anchorSession`.
  let referenceCents: Double
  let anchorSession: Int
  /// The first session the stock trades (its IPO, or the calendar's first day).
  let firstSession: Int
  /// Standard deviation of one session's log return.
  let dailyVolatility: Double
  /// Mean log return per session (already net of the volatility drag σ²/2).
  let dailyDrift: Double
  /// Shares traded in a typical full session.
  let typicalVolume: Double

  /// How much of a stock's move is the whole market's, its industry's and its own.
  /// Two stocks of one industry then correlate at 0.25 + 0.25 = 0.5; of different
  /// industries at 0.25, about what large US stocks show.
  static let marketWeight = 0.5
  static let industryWeight = 0.5
  static let ownWeight = (1 - marketWeight * marketWeight - industryWeight * industryWeight)
    .squareRoot()

  init(company: Company, noise: DeterministicNoise, calendar: NYSECalendar, anchor: MarketDate) {
    self.company = company
    let traits = noise.stream("traits").stream(company.symbol.rawValue)
    symbolNoise = noise.stream("symbol").stream(company.symbol.rawValue)
    industryNoise = Self.industryNoise(of: company, noise)
    referenceCents = Double(Self.cents(of: company.referencePrice))
    firstSession = calendar.firstSessionIndex(onOrAfter: company.ipo) ?? calendar.sessions.count
    anchorSession = max(calendar.firstSessionIndex(onOrAfter: anchor) ?? 0, firstSession)
    let annualVolatility =
      company.fund?.annualVolatility
      ?? Self.industryVolatility(company.industry) * traits.value(0, in: 0.8...1.3)
    // Drift so that, on trend, the stock cost at least $5 in 2000: cheap stocks today
    // did not come from a fraction of a cent.
    let yearsToAnchor = Double(max(anchorSession - firstSession, 1)) / 252
    let ceiling = DeterministicMath.log(max(referenceCents / 500, 1)) / yearsToAnchor
    let annualDrift = min(traits.value(1, in: 0.0...0.14), ceiling)
    dailyVolatility = annualVolatility / 252.0.squareRoot()
    dailyDrift = annualDrift / 252 - dailyVolatility * dailyVolatility / 2
    let shares = NSDecimalNumber(decimal: company.sharesOutstanding.value).doubleValue
    // Funds change hands far more often than companies' shares: SPY trades about a
    // tenth of its shares on a typical day.
    let turnover = company.isFund ? 0.04...0.12 : 0.003...0.012
    typicalVolume = shares * traits.value(2, in: turnover)
  }

  /// The industry whose intraday moves the security shares: its own for a stock, the
  /// first of a sector fund's, and one of its own for any other fund.
  static func industryNoise(of company: Company, _ noise: DeterministicNoise) -> DeterministicNoise
  {
    switch company.fund?.basket {
    case .industries(let names)?:
      noise.stream("industry").stream(names.first ?? company.industry)
    case .some:
      noise.stream("fund").stream(company.symbol.rawValue)
    case nil:
      noise.stream("industry").stream(company.industry)
    }
  }

  /// Annual volatility typical of an industry: utilities sleep, biotech does not.
  static func industryVolatility(_ industry: String) -> Double {
    switch industry {
    case "Utilities", "Beverages", "Food Products", "Tobacco", "Consumer products": 0.17
    case "Banking", "Insurance", "Telecommunication", "Real Estate", "Health Care": 0.22
    case "Semiconductors", "Airlines", "Automobiles", "Metals & Mining": 0.38
    case "Biotechnology": 0.45
    default: 0.26
    }
  }

  static func cents(of price: Price) -> Int64 {
    NSDecimalNumber(decimal: price.exact.rounded(toFractionDigits: 2).value * 100).int64Value
  }
}
