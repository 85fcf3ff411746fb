import AlpacaWire
import Foundation
import RavenCore
import RavenHTTP
import RavenMarketData

extension AlpacaMarketData {
  /// Bars from `/v2/stocks/{symbol}/bars` with Alpaca's own `adjustment` (it serves all
  /// four), following `next_page_token` until the last page (at most `maximumBarPages`; a
  /// longer history is refused as too large a request rather than cut short).
  public func bars(
    for symbol: Symbol, resolution: BarResolution, from: Date, to: Date, asOf instant: Date,
    adjustment: BarAdjustment
  ) async throws(MarketDataError) -> [Bar] {
    try present.check(instant)
    guard from < to else { throw .invalidRequest("The interval is empty") }
    let times = UpstreamBarTimes(calendar: calendar)
    var query = [
      "timeframe": Self.timeframe(resolution),
      "start": AlpacaTime(from.addingTimeInterval(-Self.startMargin(resolution)), .seconds)
        .rawValue,
      "end": AlpacaTime(to, .seconds, rounding: .up).rawValue, "adjustment": adjustment.rawValue,
      "feed": configuration.feed, "limit": "10000",
    ]
    var bars: [Bar] = []
    for _ in 0..<Self.maximumBarPages {
      let answer = try await get(
        "/v2/stocks/\(URLQuery.encoded(symbol.rawValue))/bars", query, kind: .bars,
        symbol: symbol, as: AlpacaSymbolBarsPage.self)
      let page = try AlpacaDataDecoding.barPage(
        answer, resolution: resolution, from: from, to: to, times: times)
      bars += page.bars
      guard let token = page.nextPageToken else { return bars.sorted { $0.time < $1.time } }
      query["page_token"] = token
    }
    throw .invalidRequest(
      "That is more price history than one request may ask for; choose a shorter interval")
  }

  /// Alpaca's `timeframe` for `resolution`.
  static func timeframe(_ resolution: BarResolution) -> String {
    switch resolution {
    case .minute: "1Min"
    case .fiveMinutes: "5Min"
    case .fifteenMinutes: "15Min"
    case .thirtyMinutes: "30Min"
    case .hour: "1Hour"
    case .day: "1Day"
    case .week: "1Week"
    case .month: "1Month"
    }
  }

  /// How much earlier than `from` to ask: Alpaca may stamp a week or a month at its first
  /// day, before the first session that Raven stamps it with, and such a bar must not
  /// be missed.
  private static func startMargin(_ resolution: BarResolution) -> TimeInterval {
    switch resolution {
    case .week: 7 * 86_400
    case .month: 31 * 86_400
    default: 0
    }
  }
}
