import Foundation
import RavenCore
import RavenMarketData

extension CompanyUniverse {
  /// The exchange-traded funds the simulated market lists, one per line:
  /// `symbol|name|inception|weburl|sharesOutstandingMillions|referencePrice|basket|leverage|underlying|annualVolatility`.
  ///
  /// Public facts about real funds (approximate shares outstanding and a typical
  /// early-2024 share price, used only to give simulated prices a plausible level). The
  /// basket is `market`, `small`, `treasuries` or `industries:A;B`, naming the universe's
  /// industries. A leveraged fund names its underlying fund, and so does a fund of the
  /// same index (VOO names SPY, with a multiple of 1): its prices follow from the
  /// underlying's, and its volatility (the multiple times the underlying's) is what
  /// figures that need one use.
  static let fundRows = """
    DIA|SPDR Dow Jones Industrial Average ETF Trust|1998-01-14|https://www.ssga.com/|85.00|376.00|market|1||0.15
    IWM|iShares Russell 2000 ETF|2000-05-22|https://www.ishares.com/|330.00|198.00|small|1||0.22
    QQQ|Invesco QQQ Trust Series 1|1999-03-10|https://www.invesco.com/qqq-etf/|560.00|402.00|industries:Technology;Semiconductors;Retail;Media|1||0.21
    SPXL|Direxion Daily S&P 500 Bull 3X Shares|2008-11-05|https://www.direxion.com/|45.00|108.00|market|3|SPY|0.48
    SPY|SPDR S&P 500 ETF Trust|1993-01-22|https://www.ssga.com/|1000.00|472.00|market|1||0.16
    SQQQ|ProShares UltraPro Short QQQ|2010-02-11|https://www.proshares.com/|200.00|16.00|market|-3|QQQ|0.63
    TLT|iShares 20+ Year Treasury Bond ETF|2002-07-22|https://www.ishares.com/|550.00|97.00|treasuries|1||0.15
    TQQQ|ProShares UltraPro QQQ|2010-02-11|https://www.proshares.com/|400.00|50.00|market|3|QQQ|0.63
    VOO|Vanguard S&P 500 ETF|2010-09-07|https://investor.vanguard.com/|920.00|434.00|market|1|SPY|0.16
    XLE|Energy Select Sector SPDR Fund|1998-12-16|https://www.sectorspdrs.com/|440.00|84.00|industries:Energy|1||0.27
    XLF|Financial Select Sector SPDR Fund|1998-12-16|https://www.sectorspdrs.com/|1000.00|37.40|industries:Banking;Financial Services;Insurance|1||0.21
    XLK|Technology Select Sector SPDR Fund|1998-12-16|https://www.sectorspdrs.com/|315.00|190.00|industries:Technology;Semiconductors|1||0.23
    XLU|Utilities Select Sector SPDR Fund|1998-12-16|https://www.sectorspdrs.com/|240.00|63.00|industries:Utilities|1||0.17
    XLV|Health Care Select Sector SPDR Fund|1998-12-16|https://www.sectorspdrs.com/|290.00|136.00|industries:Health Care;Pharmaceuticals;Biotechnology|1||0.16
    """

  /// Parses one of `fundRows`. The rows are part of the program, so a malformed row is a
  /// programming error that the universe tests catch.
  static func parse(fundRow row: Substring) -> Company {
    let fields = row.split(separator: "|", omittingEmptySubsequences: false).map {
      String($0).trimmingCharacters(in: .whitespaces)
    }
    guard fields.count == 10,
      let symbol = Symbol(fields[0]),
      let inception = MarketDate(fields[2]),
      let millions = ExactDecimal(fields[4]),
      let price = Price(fields[5]),
      let basket = basket(fields[6]),
      let leverage = Int(fields[7]),
      let volatility = Double(fields[9])
    else { preconditionFailure("Malformed fund row: \(row)") }
    let underlying = fields[8].isEmpty ? nil : Symbol(fields[8])
    return Company(
      symbol: symbol, name: fields[1], exchange: Fund.exchange, industry: Fund.industry,
      ipo: inception, webURL: fields[3],
      sharesOutstanding: Quantity(exact: (millions * 1_000_000).trimmed), referencePrice: price,
      fund: Fund(
        basket: basket, leverage: leverage, underlying: underlying, annualVolatility: volatility))
  }

  private static func basket(_ text: String) -> Fund.Basket? {
    switch text {
    case "market": return .market
    case "small": return .smallCompanies
    case "treasuries": return .treasuries
    default:
      guard text.hasPrefix("industries:") else { return nil }
      return .industries(text.dropFirst("industries:".count).split(separator: ";").map(String.init))
    }
  }
}
