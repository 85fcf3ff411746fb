import AlpacaWire
import Foundation
import HTTPTypes
import RavenCore
import RavenHTTP

extension AlpacaBrokerage {
  /// What a request was for, which decides what 403 and 404 mean.
  enum Purpose {
    /// Reading the account: 403 means the keys may not (a wrong or revoked key).
    case read
    /// Placing an order: 403 means not enough buying power (buy) or shares (sell).
    case submit(TradeSide)
    /// Asking for one order: 404 means there is no such order.
    case lookup
    /// Canceling an order: 404 no such order, 422 it has ended.
    case change
    /// Replacing an order: 403 as for placing one, 404 no such order.
    case replace(TradeSide)
  }

  /// Sends a request with the user's keys in headers and decodes the answer as `Answer`,
  /// mapping Alpaca's statuses and `{"code","message"}` bodies to `BrokerageError`s.
  func send<Answer: Decodable>(
    _ method: HTTPRequest.Method, _ path: String, query: [(String, String)] = [],
    body: [UInt8]? = nil, credentials: BrokerageCredentials, as purpose: Purpose,
    decoding answerType: Answer.Type
  ) async throws(BrokerageError) -> Answer {
    let url = configuration.baseURL + path + (query.isEmpty ? "" : "?" + URLQuery.string(query))
    var headers = [
      (name: "APCA-API-KEY-ID", value: credentials.keyID),
      (name: "APCA-API-SECRET-KEY", value: credentials.secretKey),
      (name: "Accept", value: "application/json"),
    ]
    if body != nil { headers.append((name: "Content-Type", value: "application/json")) }
    let answer: HTTPAnswer
    do {
      answer = try await transport.send(
        method, url, headers: headers, body: body, timeout: configuration.timeout)
    } catch {
      throw .unavailable(error.description)
    }
    if (200..<300).contains(answer.status) {
      // A 204 (a cancel) has no body to read.
      if let nothing = EmptyAnswer() as? Answer { return nothing }
      guard let decoded = try? AlpacaJSON.decode(answerType, from: answer.body) else {
        throw AlpacaTradingDecoding.malformed
      }
      return decoded
    }
    throw Self.error(status: answer.status, message: Self.message(answer.body), purpose: purpose)
  }

  static func error(status: Int, message: String?, purpose: Purpose) -> BrokerageError {
    let lowered = message?.lowercased() ?? ""
    switch (status, purpose) {
    case (401, _):
      return .invalidCredentials
    case (422, _) where lowered.contains("client_order_id") && lowered.contains("unique"):
      return .duplicateClientOrderID
    case (403, .submit(let side)), (403, .replace(let side)):
      // "insufficient buying power", "insufficient qty available for order (…)",
      // "cost basis must be >= 1".
      if lowered.contains("cost basis") { return .amountTooSmall }
      if lowered.contains("qty") || lowered.contains("shares") { return .insufficientShares }
      if lowered.contains("buying power") { return .insufficientFunds }
      return side == .buy ? .insufficientFunds : .insufficientShares
    case (403, _):
      return .invalidCredentials
    case (404, .submit):
      return .unknownSymbol
    case (422, .submit) where lowered.contains("asset") && lowered.contains("not found"):
      // `asset "ZZZZ" not found`; "asset BRK.A is not fractionable" is Alpaca's to say.
      return .unknownSymbol
    case (404, _):
      return .notFound
    case (422, .change):
      // "order is not cancelable" (filled, canceled or expired meanwhile).
      return .orderEnded
    case (422, _), (400, _):
      return .rejected(message ?? "Alpaca refused the request")
    case (429, _):
      return .rateLimited
    default:
      return .unavailable("Alpaca answered HTTP \(status)")
    }
  }

  /// The `message` of an error body, cleaned for showing: one line, at most 200 characters.
  static func message(_ body: [UInt8]) -> String? {
    guard let text = (try? AlpacaJSON.decode(AlpacaErrorBody.self, from: body))?.message else {
      return nil
    }
    let line = String(
      text.unicodeScalars.map { CharacterSet.controlCharacters.contains($0) ? " " : Character($0) }
    ).trimmingCharacters(in: .whitespaces)
    return line.isEmpty ? nil : String(line.prefix(200))
  }
}
