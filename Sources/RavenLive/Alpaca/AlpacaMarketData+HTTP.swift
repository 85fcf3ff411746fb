import AlpacaWire
import Foundation
import RavenCore
import RavenHTTP
import RavenMarketData

extension AlpacaMarketData {
  /// GETs `path` with `query` (the keys go in the `APCA-API-KEY-ID` and
  /// `APCA-API-SECRET-KEY` headers) and decodes the answer as `Answer`, mapping Alpaca's
  /// error answers to `MarketDataError`s. `symbol` is the one symbol the request names, if
  /// it names exactly one: Alpaca's "invalid symbol" then means that symbol is unknown.
  func get<Answer: Decodable>(
    _ path: String, _ query: [String: String], kind: MarketDataKind, symbol: Symbol?,
    as answerType: Answer.Type
  ) async throws(MarketDataError) -> Answer {
    let url = configuration.baseURL + path + "?" + URLQuery.string(query)
    let answer = try await transport.providerGet(
      url,
      headers: [
        (name: "APCA-API-KEY-ID", value: configuration.keyID),
        (name: "APCA-API-SECRET-KEY", value: configuration.secretKey),
        (name: "Accept", value: "application/json"),
      ],
      timeout: configuration.timeout)
    guard (200..<300).contains(answer.status) else {
      throw AlpacaDataRefusal(status: answer.status, body: answer.body)
        .error(kind: kind, symbol: symbol)
    }
    guard let decoded = try? AlpacaJSON.decode(answerType, from: answer.body) else {
      throw AlpacaDataDecoding.malformed
    }
    return decoded
  }
}
