import RavenCore
import RavenStore

/// Reads a `StoreError`'s case in one expression, for assertions.
extension StoreError {
  var isNotFound: Bool { self == .notFound }
  var isUsernameTaken: Bool { self == .usernameTaken }
  var tradeError: TradeError? { if case .trade(let error) = self { error } else { nil } }
  var goalError: GoalError? { if case .goal(let error) = self { error } else { nil } }
}
