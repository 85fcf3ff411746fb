import AlpacaWire
import Foundation
import RavenCore
import RavenHTTP
import RavenMarketData

extension AlpacaDataDecoding {
  /// One page of bars and the token for the next, `nil` on the last page.
  struct BarPage: Sendable {
    var bars: [Bar]
    var nextPageToken: String?
  }

  /// `{"bars": [{"t": "2024-01-03T14:30:00Z", "o", "h", "l", "c", "v", "n", "vw"}],
  /// "symbol": "AAPL", "next_page_token": "…" | null}`; `"bars": null` when there are
  /// none. Intraday bars keep their start; day, week and month bars are restamped by
  /// Raven's convention (`UpstreamBarTimes`). Bars starting in `[from, to)`.
  static func barPage(
    _ answer: AlpacaSymbolBarsPage, resolution: BarResolution, from: Date, to: Date,
    times: UpstreamBarTimes
  ) throws(MarketDataError) -> BarPage {
    var bars: [Bar] = []
    bars.reserveCapacity(answer.bars.count)
    for row in answer.bars {
      guard let start = row.time?.date,
        let open = row.open?.exactDecimal, let high = row.high?.exactDecimal,
        let low = row.low?.exactDecimal, let close = row.close?.exactDecimal,
        let volume = row.volume?.exactDecimal?.shareVolume
      else { throw malformed }
      let time: Date
      if let seconds = resolution.intradaySeconds {
        guard times.overlapsSession(start: start, seconds: seconds) else { continue }
        time = start
      } else {
        let day = times.calendar.timeZone.marketDate(of: start)
        time = times.stamp(resolution, periodContaining: day)
      }
      guard time >= from, time < to else { continue }
      bars.append(
        Bar(
          time: time, open: Price(upstream: open), high: Price(upstream: high),
          low: Price(upstream: low), close: Price(upstream: close), volume: volume))
    }
    let token = answer.nextPageToken
    return BarPage(bars: bars, nextPageToken: token?.isEmpty == false ? token : nil)
  }
}
