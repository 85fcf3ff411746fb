import Hummingbird

extension Request {
  /// The `Idempotency-Key` header: up to 255 visible ASCII characters.
  func idempotencyKey() throws -> String? {
    guard let key = headers[.idempotencyKey] else { return nil }
    guard (1...255).contains(key.count),
      key.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) })
    else {
      throw APIError.badRequest(
        "Idempotency-Key must be 1 to 255 visible ASCII characters", code: "invalid_idempotency_key"
      )
    }
    return key
  }
}

extension APIError {
  /// A key sent again with another request: answering the first request's result would
  /// tell the client its new request was done, so it is refused (as the IETF's
  /// Idempotency-Key draft and Stripe refuse it), and nothing is done.
  static func idempotencyKeyReused(firstWas first: String) -> APIError {
    .validation(
      "idempotency_key_reused",
      "This Idempotency-Key was already used for \(first); send a new key for a new request")
  }
}
