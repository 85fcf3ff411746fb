import Foundation
import RavenCore
import RavenMarketData

extension SimulatedMarket {
  /// The publisher named on every simulated story.
  public static let newsSource = "Raven Simulated Wire"

  /// How far back from the end of a request the simulated news desk looks, in days.
  /// Writing a day's stories costs its minute paths and a year of closes, so a
  /// request over years answers with its last 30 days instead of taking seconds.
  public static let newsLookbackDays = 30

  /// Simulated stories about `symbol` published in `[from, min(to, now)]`, newest
  /// first, from the last `newsLookbackDays` days of that interval only.
  ///
  /// Each trading day gets up to three stories, each derived from what the simulated
  /// stock did: big daily moves (two standard deviations or more), quarterly earnings
  /// reports, shifts in the analysts' ratings, 52-week closing highs and lows, heavy
  /// volume, and a recap at the end of each week. Stories about a session's close
  /// come out after the close, earnings and rating changes before the open. A story
  /// has no link (there is no article behind it; the server gives it a page of its own
  /// from the id, `SimulatedStoryID`) and is the same, with the same id, whenever and
  /// however it is asked for.
  public func news(for symbol: Symbol, from: Date, to: Date, asOf now: Date)
    throws(MarketDataError) -> [NewsArticle]
  {
    guard from <= to else { throw .invalidRequest("The interval is empty") }
    let stock = try stock(symbol)
    let end = min(to, now)
    let start = max(from, end.addingTimeInterval(-Double(Self.newsLookbackDays) * 86_400))
    guard start <= end else { return [] }
    let timeZone = calendar.timeZone
    let days = calendar.sessionIndices(
      from: timeZone.marketDate(of: start), through: timeZone.marketDate(of: end))
    // A story needs the previous close, so the first session has none.
    let first = max(days.lowerBound, stock.firstSession + 1)
    guard first < days.upperBound else { return [] }
    return NewsDesk(market: self, stock: stock, sessions: first..<days.upperBound)
      .stories()
      .filter { start <= $0.publishedAt && $0.publishedAt <= end }
      .sorted { ($0.publishedAt, $0.id) > ($1.publishedAt, $1.id) }
  }
}
