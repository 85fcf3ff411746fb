import RavenCore

/// Why the store refused or failed; HTTP statuses are decided by the server.
public enum StoreError: Error, Sendable, Hashable, CustomStringConvertible {
  case usernameTaken
  /// One of the user's open accounts has that name.
  case accountNameTaken
  /// The user has as many open accounts as they may.
  case tooManyAccounts
  /// The account has open orders, so it cannot be closed.
  case openOrders
  /// The user's last open account cannot be closed.
  case lastAccount
  /// The account is closed: it can be read, not traded.
  case accountClosed
  /// The record does not exist, or belongs to someone else (the two are not told apart).
  case notFound
  /// The order was refused or cannot be changed (a stable code in `OrderError`).
  case order(OrderError)
  /// The goal does not fit the holdings or the other goals.
  case goal(GoalError)
  /// The deposit or withdrawal was refused.
  case transfer(TransferError)
  /// A placement's fill would take more of its minute's volume than the cap leaves: other
  /// orders (through another server) took it first. Carries the side's total as stored;
  /// nothing was written, and the order may be matched again with it.
  case minuteVolumeTaken(ExactDecimal)
  /// A value is too large to keep: written, it could not be read back (its text would
  /// have more digits than `ExactDecimal` reads). Nothing was written.
  case unstorable(column: String)
  /// A stored row holds a value that cannot be read (written by an older release, or by
  /// hand); the detail names the column and is for logs, not for users.
  case corrupt(String)
  /// The database failed; the detail is for logs, not for users.
  case unavailable(String)

  public var description: String {
    switch self {
    case .usernameTaken: "That username is taken"
    case .accountNameTaken: "You already have an account with that name"
    case .tooManyAccounts: "You have as many open accounts as you may"
    case .openOrders: "The account has open orders"
    case .lastAccount: "Your last open account cannot be closed"
    case .accountClosed: "The account is closed"
    case .notFound: "Not found"
    case .order(let error): error.message
    case .goal(let error): error.message
    case .transfer(let error): error.message
    case .minuteVolumeTaken: "Other orders took the minute's volume first"
    case .unstorable(let column): "A value is too large to keep (\(column))"
    case .corrupt(let detail): "The database holds an unreadable value: \(detail)"
    case .unavailable(let detail): "The database is unavailable: \(detail)"
    }
  }
}

extension StoreError {
  /// What an order rule (`OrderStep`) says, as the store's refusal.
  package static func orderRule<Value>(_ rule: () throws(OrderError) -> Value)
    throws(StoreError) -> Value
  {
    do { return try rule() } catch { throw .order(error) }
  }

  /// What the transfer rule (`TransferStep`) says, as the store's refusal.
  package static func transferRule<Value>(_ rule: () throws(TransferError) -> Value)
    throws(StoreError) -> Value
  {
    do { return try rule() } catch { throw .transfer(error) }
  }

  /// What the goal planner (`GoalCheck`) says, as the store's refusal.
  package static func goalRule<Value>(_ rule: () throws(GoalError) -> Value)
    throws(StoreError) -> Value
  {
    do { return try rule() } catch { throw .goal(error) }
  }
}
