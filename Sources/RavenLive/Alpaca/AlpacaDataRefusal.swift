import AlpacaWire
import RavenCore
import RavenHTTP
import RavenMarketData

/// An error answer from Alpaca's market data API: its HTTP status and the
/// `{"code": 40010001, "message": "…"}` body it usually carries.
struct AlpacaDataRefusal: Sendable, Hashable {
  let status: Int
  /// The body's `message`, lower-cased; empty when there is none.
  let message: String

  init(status: Int, body: [UInt8]) {
    self.status = status
    // The code is not needed to tell the refusals apart.
    self.message =
      (try? AlpacaJSON.decode(AlpacaErrorBody.self, from: body))?.message?.lowercased() ?? ""
  }

  /// What the answer means for a request for `kind` that names `symbol` alone (or
  /// several symbols, `nil`). Alpaca's texts are not passed on: they may quote the
  /// request, and a user of Raven cannot act on them.
  func error(kind: MarketDataKind, symbol: Symbol?) -> MarketDataError {
    switch status {
    case 400, 404, 422:
      if let symbol, status == 404 || message.contains("symbol") { return .unknownSymbol(symbol) }
      return .invalidRequest("Alpaca could not answer this request")
    case 401:
      return Self.refusedKeys
    case 403:
      // "subscription does not permit querying recent SIP data": the account's plan
      // lacks this feed or data, which the gateway routes elsewhere. Anything else is
      // Alpaca's answer to keys it does not accept.
      let isPlanLimit = ["subscription", "feed", "permit"].contains { message.contains($0) }
      return isPlanLimit ? .unsupported(kind.description) : Self.refusedKeys
    case 429:
      return .rateLimited
    default:
      return .unavailable("Alpaca answered HTTP \(status)")
    }
  }

  private static let refusedKeys = MarketDataError.unavailable("Alpaca refused the API keys")
}
