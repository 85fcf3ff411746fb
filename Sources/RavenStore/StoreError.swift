import RavenCore

/// Why the store refused or failed. A struct over a private enum (new reasons can be
/// added without breaking callers); HTTP statuses are decided by the server.
public struct StoreError: Error, Sendable, CustomStringConvertible {
  private enum Reason: Sendable {
    case usernameTaken
    case notFound
    case trade(TradeError)
    case goal(GoalError)
    case unavailable(String)
  }

  private let reason: Reason

  public static let usernameTaken = StoreError(reason: .usernameTaken)
  /// The record does not exist, or belongs to someone else (the two are not told apart).
  public static let notFound = StoreError(reason: .notFound)
  /// The ledger refused the trade (not enough money or shares, …).
  public static func trade(_ error: TradeError) -> StoreError { StoreError(reason: .trade(error)) }
  /// The goal does not fit the holdings or the other goals.
  public static func goal(_ error: GoalError) -> StoreError { StoreError(reason: .goal(error)) }
  /// The database failed; `detail` is for logs, not for users.
  public static func unavailable(_ detail: String) -> StoreError {
    StoreError(reason: .unavailable(detail))
  }

  public var isUsernameTaken: Bool { if case .usernameTaken = reason { true } else { false } }
  public var isNotFound: Bool { if case .notFound = reason { true } else { false } }

  public var tradeError: TradeError? { if case .trade(let error) = reason { error } else { nil } }
  public var goalError: GoalError? { if case .goal(let error) = reason { error } else { nil } }

  public var description: String {
    switch reason {
    case .usernameTaken: "That username is taken"
    case .notFound: "Not found"
    case .trade(let error): error.message
    case .goal(let error): error.message
    case .unavailable(let detail): "The database is unavailable: \(detail)"
    }
  }
}
