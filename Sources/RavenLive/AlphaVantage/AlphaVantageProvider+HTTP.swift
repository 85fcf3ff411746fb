import Foundation
import RavenCore
import RavenHTTP
import RavenMarketData

extension AlphaVantageProvider {
  /// GETs `{base}/query?function=…` with `parameters` and the key, decodes the answer as
  /// `Answer` and turns Alpha Vantage's refusals (which all arrive as HTTP 200) into
  /// errors. `symbol` is the one symbol a call asks about, if any: an `Error Message` then
  /// means Alpha Vantage does not list it.
  ///
  /// The URL holds the key, so it never appears in an error: every message here is
  /// written without it, and a transport error that names it is replaced.
  func query<Answer: Decodable>(
    _ function: String, _ parameters: [String: String], kind: MarketDataKind, symbol: Symbol?,
    as answerType: Answer.Type
  ) async throws(MarketDataError) -> Answer {
    var query = parameters
    query["function"] = function
    query["apikey"] = configuration.apiKey
    let url = configuration.baseURL + "/query?" + URLQuery.string(query)
    let answer: HTTPAnswer
    do {
      answer = try await transport.providerGet(
        url, headers: [(name: "Accept", value: "application/json")],
        timeout: configuration.timeout)
    } catch {
      throw withoutKey(error)
    }
    switch answer.status {
    case 200..<300:
      switch UpstreamJSON.decode(AlphaVantageReply<Answer>.self, from: answer.body) {
      case .answered(let decoded): return decoded
      case .refused(let refusal): throw refusal.error(kind: kind, symbol: symbol)
      case nil: throw AlphaVantageDecoding.malformed
      }
    case 429:
      throw .rateLimited
    default:
      throw .unavailable("Alpha Vantage answered HTTP \(answer.status)")
    }
  }

  /// `error`, unless its text shows the key (a transport quoting the URL), then a
  /// plain "could not be reached".
  private func withoutKey(_ error: MarketDataError) -> MarketDataError {
    let key = configuration.apiKey
    guard !key.isEmpty, error.message.contains(key) else { return error }
    return .unavailable("Alpha Vantage could not be reached")
  }
}
