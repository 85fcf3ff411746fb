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
