import ArgumentParser
import RavenCore

struct MarketStatusCommand: MarketDataCommand {
  static let configuration = CommandConfiguration(
    commandName: "market",
    abstract: "Show whether the US market is open, and when it next opens and closes.")

  @OptionGroup var options: MarketOptions

  func output(in environment: MarketEnvironment) async throws -> String {
    let status = try await environment.market.marketStatus()
    if environment.json { return try JSONOutput.render(status) }
    let format = { NewYorkTime.format($0, calendar: environment.calendar) }
    var details = DetailList()
    details.append("NYSE", status.label)
    details.append("Now", format(status.time))
    if let session = status.currentOrNextSession {
      let kind = session.isEarlyClose ? " (early close)" : ""
      let day = NewYorkTime.day(session.open, calendar: environment.calendar)
      let hours =
        NewYorkTime.time(session.open, calendar: environment.calendar) + " – "
        + NewYorkTime.time(session.close, calendar: environment.calendar)
      details.append("Session", "\(day), \(hours) ET\(kind)")
    }
    details.append("Next open", status.nextOpen.map(format) ?? "—")
    details.append("Next close", status.nextClose.map(format) ?? "—")
    return details.render()
  }
}
