import Foundation
import RavenCore

/// A price at an instant from bars of one width, the same whatever the width, so that an
/// account's value at an instant is one figure on every range (alpaca-trade-api-python
/// #180). It is read from the latest bar begun by then: its close if it has ended (an
/// intraday bar ends `width` after its stamp; a daily bar, of width 0, is read at its
/// session's close), its open if it starts then or spans the instant (a session's opening
/// print, a split's new price; the first hourly bar, stamped 09:00, opens at 09:30). Before
/// the first bar, that bar's open. The history's instants are bar boundaries, where every
/// width agrees.
struct BarPrices {
  /// Seconds an intraday bar lasts; 0 for daily bars.
  var width: TimeInterval

  /// The price at `time` in `bars` (oldest first, not empty), moving `cursor` (the latest
  /// bar starting at or before the last instant asked, which must not go back) forward.
  func price(in bars: [Bar], at time: Date, cursor: inout Int) -> Price {
    while cursor + 1 < bars.count, bars[cursor + 1].time <= time { cursor += 1 }
    let bar = bars[cursor]
    // Before the first bar: its open, the first price known.
    guard bar.time <= time else { return bar.open }
    if bar.time.addingTimeInterval(width) <= time { return bar.close }
    // A bar that starts then, or spans the instant (a session's first hourly bar, stamped
    // 09:00, opens at 09:30): its open, the price as the instant began.
    return bar.open
  }
}
