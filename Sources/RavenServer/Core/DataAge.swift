import Foundation
import HTTPTypes
import RavenGateway
import RavenMarketData

/// How old market data in a response is: `X-Raven-Data-Age` (whole seconds since the
/// provider answered, in the market's time: faster under `--sim-speed`) and, when the provider failed and the last good value is served,
/// `X-Raven-Data-Stale: true`. Clients show "as of …" instead of pretending it is live.
/// `X-Raven-Data-Source` names the provider that answered (the names of several, comma
/// separated, when a batch of quotes came from more than one).
enum DataAge {
  static func headers(age: TimeInterval?, stale: Bool, sources: [String] = []) -> HTTPFields {
    var headers = HTTPFields()
    if let age { headers[.dataAge] = String(Int(age.rounded(.down))) }
    if stale { headers[.dataStale] = "true" }
    if !sources.isEmpty { headers[.dataSource] = sources.joined(separator: ", ") }
    return headers
  }

  static func headers<Value>(_ answer: MarketAnswer<Value>) -> HTTPFields {
    headers(age: answer.age, stale: answer.isStale, sources: answer.source.map { [$0.name] } ?? [])
  }

  static func headers(_ bars: AttributedBars) -> HTTPFields {
    headers(age: bars.age, stale: bars.isStale, sources: [bars.source.name])
  }

  static func headers(_ freshness: DataFreshness) -> HTTPFields {
    headers(age: freshness.age, stale: freshness.isStale, sources: freshness.sources)
  }

  static func headers(_ answer: QuotesAnswer) -> HTTPFields {
    headers(answer.freshness)
  }
}

extension HTTPField.Name {
  static let dataStale = Self("X-Raven-Data-Stale")!
  static let dataSource = Self("X-Raven-Data-Source")!
}

extension JSONBody {
  /// A market answer as a response with its age headers.
  init<Source>(_ answer: MarketAnswer<Source>, _ transform: (Source) -> Value) {
    self.init(transform(answer.value), headers: DataAge.headers(answer))
  }
}
