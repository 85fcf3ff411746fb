import Foundation

/// "5 min ago", "2 hr, 5 min ago": how long ago something happened, as news lists say it.
public enum RelativeTime {
  /// How long before `now` `date` was: `just now`, `5 min ago`, `2 hr, 5 min ago`,
  /// `3 days ago`. A date in the future reads `just now` (clocks disagree a little).
  public static func ago(_ date: Date, now: Date) -> String {
    let seconds = Int(now.timeIntervalSince(date).rounded(.down))
    guard seconds >= 60 else { return "just now" }
    return duration(seconds: seconds) + " ago"
  }

  /// `45 sec`, `5 min`, `2 hr`, `2 hr, 5 min`, `1 day`, `3 days`: a duration in the
  /// largest whole units that matter (minutes under a day, days after).
  public static func duration(seconds: Int) -> String {
    let seconds = max(seconds, 0)
    if seconds < 60 { return "\(seconds) sec" }
    let minutes = seconds / 60
    if minutes < 60 { return "\(minutes) min" }
    let hours = minutes / 60
    if hours < 24 {
      let rest = minutes % 60
      return rest == 0 ? "\(hours) hr" : "\(hours) hr, \(rest) min"
    }
    let days = hours / 24
    return days == 1 ? "1 day" : "\(days) days"
  }
}
