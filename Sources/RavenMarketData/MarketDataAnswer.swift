/// A market call's answer or its refusal as a value, to `switch` over the refusals.
///
/// Swift 6.3.1 crashes compiling typed `catch .case` clauses for an error with associated
/// values (every `MarketDataError` case but one) in an async function; a `Result` switched
/// on is the same thing, and compiles.
extension Result where Failure == MarketDataError, Success: Sendable {
  /// Runs `body` in the caller's isolation (an actor's, or none).
  public static func answer(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws(MarketDataError) -> Success
  ) async -> Self {
    do {
      return .success(try await body())
    } catch {
      return .failure(error)
    }
  }
}
