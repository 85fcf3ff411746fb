import Foundation
import RavenCore
import RavenMarketData
import RavenTestSupport
import Testing

@testable import RavenSimulation

/// The simulated market's exchange-traded funds (issue 33): priced from the factors their
/// holdings share, leveraged ones compounding their daily multiple. Fixed seed, exact
/// repeatable checks.
@Suite("Simulated exchange-traded funds")
struct SimulatedFundTests {
  let market = MarketFixture.market()
  /// Ten years of sessions ending in 2026.
  let decade = 4_000..<6_520

  /// Daily log returns of `symbol`'s closes over sessions `range`.
  func returns(_ symbol: Symbol, _ range: Range<Int>) throws -> [Double] {
    let closes = market.daily(try market.stock(symbol)).closeLevels
    return range.dropFirst().map { closes[$0] - closes[$0 - 1] }
  }

  static func correlation(_ x: [Double], _ y: [Double]) -> Double {
    let meanX = x.reduce(0, +) / Double(x.count)
    let meanY = y.reduce(0, +) / Double(y.count)
    var xy = 0.0
    var xx = 0.0
    var yy = 0.0
    for (a, b) in zip(x, y) {
      xy += (a - meanX) * (b - meanY)
      xx += (a - meanX) * (a - meanX)
      yy += (b - meanY) * (b - meanY)
    }
    return xy / (xx * yy).squareRoot()
  }

  static func annualVolatility(_ returns: [Double]) -> Double {
    let mean = returns.reduce(0, +) / Double(returns.count)
    let variance =
      returns.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(returns.count - 1)
    return (variance * 252).squareRoot()
  }

  @Test("The funds are listed on NYSE Arca as funds, with their inception dates; stocks are not")
  func listed() throws {
    let symbols = Set(MarketFixture.universe.funds.map(\.symbol.rawValue))
    #expect(
      symbols.isSuperset(of: [
        "SPY", "QQQ", "DIA", "IWM", "XLK", "XLF", "XLE", "TLT", "TQQQ", "SQQQ", "SPXL",
      ]))
    let spy = try #require(MarketFixture.universe.company(for: "SPY"))
    #expect(spy.isFund && spy.exchange == "NYSE ARCA" && spy.industry == "Exchange Traded Fund")
    #expect(spy.ipo == MarketDate("1993-01-22"))
    #expect(MarketFixture.universe.company(for: "AAPL")?.isFund == false)
    let tqqq = try #require(MarketFixture.universe.company(for: "TQQQ")?.fund)
    #expect(tqqq.leverage == 3 && tqqq.underlying == "QQQ")
    // Every underlying is a fund of the universe priced from its own basket.
    for fund in MarketFixture.universe.funds.compactMap(\.fund) {
      if let underlying = fund.underlying {
        let priced = MarketFixture.universe.company(for: underlying)?.fund
        #expect(priced != nil && priced?.underlying == nil, "\(underlying)")
      }
    }
  }

  @Test("SPY moves with the market: it tracks a basket of large stocks closely")
  func indexTracksTheMarket() throws {
    let large: [Symbol] = ["AAPL", "MSFT", "JPM", "XOM", "KO", "PFE", "WMT", "IBM", "HD", "CVX"]
    let basket = try large.map { try returns($0, decade) }
    let average = (0..<basket[0].count).map { day in
      basket.reduce(0) { $0 + $1[day] } / Double(basket.count)
    }
    let spy = try returns("SPY", decade)
    #expect(Self.correlation(spy, average) > 0.75)
    #expect((0.11...0.22).contains(Self.annualVolatility(spy)))
    // Its own moves are small: one stock correlates with SPY far less than SPY with the basket.
    #expect(Self.correlation(spy, try returns("AAPL", decade)) < 0.7)
  }

  @Test("A sector fund follows its sector: XLE with Exxon more than with Apple; XLK the reverse")
  func sectorsFollowTheirIndustries() throws {
    let xle = try returns("XLE", decade)
    let xlk = try returns("XLK", decade)
    let exxon = try returns("XOM", decade)
    let apple = try returns("AAPL", decade)
    #expect(Self.correlation(xle, exxon) > Self.correlation(xle, apple) + 0.15)
    #expect(Self.correlation(xlk, apple) > Self.correlation(xlk, exxon) + 0.15)
    // Bonds lean slightly against stocks.
    #expect(Self.correlation(try returns("TLT", decade), try returns("SPY", decade)) < 0)
  }

  @Test("TQQQ's session return is three times QQQ's, SQQQ's minus three times, to the cent")
  func leveragedFundsMultiplyTheDay() throws {
    let at = MarketFixture.instant("2026-11-21T00:00:00Z")
    // Total returns: QQQ's dividends (which TQQQ does not pay) and any split adjusted away.
    func closes(_ symbol: Symbol) throws -> [Decimal] {
      try market.bars(
        for: symbol, resolution: .day, from: MarketFixture.instant("2026-06-01T00:00:00Z"),
        to: MarketFixture.instant("2026-11-21T00:00:00Z"), asOf: at, adjustment: .all
      ).map(\.close.value)
    }
    let qqq = try closes("QQQ")
    let tqqq = try closes("TQQQ")
    let sqqq = try closes("SQQQ")
    // VOO holds what SPY holds: its price stays the same fraction of SPY's.
    let ratios = zip(try closes("VOO"), try closes("SPY")).map { $0 / $1 }
    #expect(ratios.allSatisfy { abs($0 - ratios[0]) < Decimal(string: "0.0001")! })
    #expect(qqq.count > 100 && qqq.count == tqqq.count && qqq.count == sqqq.count)
    for day in qqq.indices.dropFirst() {
      let underlying = qqq[day] / qqq[day - 1] - 1
      // Half a cent of rounding on each of the four closes is the only difference.
      func tolerance(_ fund: [Decimal]) -> Decimal {
        let cent = Decimal(string: "0.01")!
        return cent / fund[day - 1] + 3 * cent / qqq[day - 1]
      }
      let long = tqqq[day] / tqqq[day - 1] - 1
      let short = sqqq[day] / sqqq[day - 1] - 1
      #expect(abs(long - 3 * underlying) <= tolerance(tqqq), "TQQQ on day \(day)")
      #expect(abs(short + 3 * underlying) <= tolerance(sqqq), "SQQQ on day \(day)")
    }
  }

  @Test("Compounding daily, a leveraged fund decays when its underlying goes nowhere")
  func leveragedFundsDecay() throws {
    // An underlying that gains 10 % and gives it back, session after session.
    let model = PriceModel(seed: 42, calendar: MarketFixture.calendar)
    let count = MarketFixture.calendar.sessions.count
    let up = DeterministicMath.log(1.1)
    let levels = (0..<count).map { $0 % 2 == 0 ? 0 : up }
    let underlying = DailySeries(
      openLevels: levels, highLevels: levels, lowLevels: levels, closeLevels: levels,
      intradayVolatility: Array(repeating: 0.01, count: count),
      volumes: Array(repeating: 1_000_000, count: count))
    let qqq = try market.stock("QQQ")
    let tqqq = try market.stock("TQQQ")
    let series = model.leveragedSeries(tqqq, leverage: 3, underlying: underlying, of: qqq)
    // +30 % then −27.27 %: 2.5 % lost every two sessions.
    let twoSessions = series.closeLevels[2] - series.closeLevels[0]
    #expect(abs(DeterministicMath.exp(twoSessions) - 0.9454545) < 1e-6)
    let short = model.leveragedSeries(tqqq, leverage: -3, underlying: underlying, of: qqq)
    #expect(short.closeLevels[2] < short.closeLevels[0])
    // The high and low hold the open and close.
    for session in 0..<10 {
      #expect(
        short.highLevels[session] >= max(short.openLevels[session], short.closeLevels[session]))
      #expect(
        short.lowLevels[session] <= min(short.openLevels[session], short.closeLevels[session]))
    }
  }

  @Test("Funds have no earnings or analyst ratings; their peers are funds; they have news")
  func fundContent() throws {
    let now = MarketFixture.now
    #expect(try market.earnings(for: "SPY", asOf: now).isEmpty)
    #expect(try market.recommendationTrends(for: "QQQ", asOf: now).isEmpty)
    let peers = try market.peers(for: "SPY")
    #expect(!peers.isEmpty && peers.allSatisfy { market.universe.company(for: $0)?.isFund == true })
    let profile = try market.profile(for: "SPY", at: now)
    #expect(profile.exchange == "NYSE ARCA" && profile.name == "SPDR S&P 500 ETF Trust")
    let news = try market.news(
      for: "TQQQ", from: MarketFixture.instant("2026-09-01T00:00:00Z"), to: now, asOf: now)
    #expect(!news.isEmpty)
    #expect(market.search(matching: "SPY").first?.symbol == "SPY")
    #expect(market.search(matching: "s&p 500").contains { $0.symbol == "SPY" })
  }

  @Test("A fund's minutes add up to its daily bar, as a stock's do")
  func minutesAggregate() throws {
    for symbol: Symbol in ["SPY", "TQQQ", "SQQQ", "TLT"] {
      let stock = try market.stock(symbol)
      let daily = market.daily(stock)
      let path = market.path(stock, session: 6_500)
      let model = market.model
      let factor = market.schedule(stock).factor(session: 6_500)
      func cents(_ level: Double) -> Int64 { model.cents(stock, level: level, factor: factor.raw) }
      #expect(path.open == cents(daily.openLevels[6_500]))
      #expect(path.close == cents(daily.closeLevels[6_500]))
      #expect(path.highs.max() == cents(daily.highLevels[6_500]))
      #expect(path.lows.min() == cents(daily.lowLevels[6_500]))
      #expect(path.volumes.reduce(0, +) == factor.shares(daily.volumes[6_500]))
    }
  }
}
