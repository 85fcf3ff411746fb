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
    _ json: JSONValue, resolution: BarResolution, from: Date, to: Date, times: UpstreamBarTimes
  ) throws(MarketDataError) -> BarPage {
    guard json.object != nil, let rowsValue = json["bars"] else { throw malformed }
    let rows: [JSONValue]
    if let array = rowsValue.array {
      rows = array
    } else if rowsValue.isNull {
      rows = []
    } else {
      throw malformed
    }
    var bars: [Bar] = []
    bars.reserveCapacity(rows.count)
    for row in rows {
      guard let start = row["t"]?.string.flatMap(RFC3339Time.date),
        let open = row["o"]?.decimal, let high = row["h"]?.decimal, let low = row["l"]?.decimal,
        let close = row["c"]?.decimal, let volume = row["v"]?.shareVolume
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
    let token = json["next_page_token"]?.string
    return BarPage(bars: bars, nextPageToken: token?.isEmpty == false ? token : nil)
  }
}
