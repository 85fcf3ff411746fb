import Foundation
import HTTPTypes
import RavenMarket

/// How old market data in a response is: `X-Raven-Data-Age` (whole seconds since the
/// provider answered) and, when the provider failed and the last good value is served,
/// `X-Raven-Data-Stale: true`. Clients show "as of …" instead of pretending it is live.
enum DataAge {
  static func headers(age: TimeInterval?, stale: Bool) -> HTTPFields {
    var headers = HTTPFields()
    if let age { headers[.dataAge] = String(Int(age.rounded(.down))) }
    if stale { headers[.dataStale] = "true" }
    return headers
  }

  static func headers<Value>(_ answer: MarketAnswer<Value>) -> HTTPFields {
    headers(age: answer.age, stale: answer.isStale)
  }

  static func headers(_ answer: QuotesAnswer) -> HTTPFields {
    headers(age: answer.oldestAge, stale: answer.hasStale)
  }
}

extension HTTPField.Name {
  static let dataStale = Self("X-Raven-Data-Stale")!
}

extension JSONBody {
  /// A market answer as a response with its age headers.
  init<Source>(_ answer: MarketAnswer<Source>, _ transform: (Source) -> Value) {
    self.init(transform(answer.value), headers: DataAge.headers(answer))
  }
}
