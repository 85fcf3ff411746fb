import RavenCore
import RavenStore

/// Reads a `StoreError`'s case in one expression, for assertions.
extension StoreError {
  var isNotFound: Bool { self == .notFound }
  var isUsernameTaken: Bool { self == .usernameTaken }
  var orderError: OrderError? { if case .order(let error) = self { error } else { nil } }
  var goalError: GoalError? { if case .goal(let error) = self { error } else { nil } }
}
