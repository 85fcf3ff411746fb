import Foundation
import RavenCore
import RavenHTTP
import RavenMarketData

extension FinnhubProvider {
  /// GETs `path` with `query` (the key goes in the `X-Finnhub-Token` header) and decodes
  /// the answer as `Answer`, mapping Finnhub's statuses to `MarketDataError`s.
  func get<Answer: Decodable>(
    _ path: String, _ query: [String: String], kind: MarketDataKind, as answerType: Answer.Type
  ) async throws(MarketDataError) -> Answer {
    let url = configuration.baseURL + path + "?" + URLQuery.string(query)
    let answer = try await transport.providerGet(
      url,
      headers: [
        (name: "X-Finnhub-Token", value: configuration.apiKey),
        (name: "Accept", value: "application/json"),
      ],
      timeout: configuration.timeout)
    switch answer.status {
    case 200..<300:
      guard let decoded = UpstreamJSON.decode(answerType, from: answer.body) else {
        throw FinnhubDecoding.malformed
      }
      return decoded
    case 429:
      throw .rateLimited
    case 401:
      throw .unavailable("Finnhub refused the API key")
    case 403:
      // A free key asking for a paid endpoint: this provider cannot serve the kind.
      throw .unsupported(kind.description)
    default:
      throw .unavailable("Finnhub answered HTTP \(answer.status)")
    }
  }
}
