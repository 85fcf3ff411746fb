/// Why a goal cannot be saved, with a message a person can act on.
public struct GoalError: Error, Sendable, Hashable, CustomStringConvertible {
  private enum Reason: Sendable, Hashable {
    case emptyTitle
    case titleTooLong
    case controlCharacterInTitle
    case descriptionTooLong
    case controlCharacterInDescription
    case nonPositiveTarget
    case nonPositiveAllocation(Symbol)
    case percentOutOfRange(Symbol)
    case duplicateAllocation(Symbol)
    case overAllocated(Symbol, held: Quantity)
  }

  private let reason: Reason

  public static let maximumTitleLength = 100
  public static let maximumDescriptionLength = 1000

  public static let emptyTitle = GoalError(reason: .emptyTitle)
  public static let titleTooLong = GoalError(reason: .titleTooLong)
  public static let descriptionTooLong = GoalError(reason: .descriptionTooLong)
  /// The title holds a control character (a NUL, an escape, a line break, …).
  public static let controlCharacterInTitle = GoalError(reason: .controlCharacterInTitle)
  /// The description holds a control character other than a line break or a tab.
  public static let controlCharacterInDescription = GoalError(
    reason: .controlCharacterInDescription)
  public static let nonPositiveTarget = GoalError(reason: .nonPositiveTarget)

  public static func nonPositiveAllocation(_ symbol: Symbol) -> GoalError {
    GoalError(reason: .nonPositiveAllocation(symbol))
  }

  public static func percentOutOfRange(_ symbol: Symbol) -> GoalError {
    GoalError(reason: .percentOutOfRange(symbol))
  }

  public static func duplicateAllocation(_ symbol: Symbol) -> GoalError {
    GoalError(reason: .duplicateAllocation(symbol))
  }

  /// The goals together set aside more of `symbol` than the `held` shares.
  public static func overAllocated(_ symbol: Symbol, held: Quantity) -> GoalError {
    GoalError(reason: .overAllocated(symbol, held: held))
  }

  public var code: String {
    switch reason {
    case .emptyTitle, .titleTooLong, .controlCharacterInTitle: "invalid_title"
    case .descriptionTooLong, .controlCharacterInDescription: "invalid_description"
    case .nonPositiveTarget: "invalid_target"
    case .nonPositiveAllocation, .percentOutOfRange, .duplicateAllocation: "invalid_allocation"
    case .overAllocated: "over_allocated"
    }
  }

  public var message: String {
    switch reason {
    case .emptyTitle: "Please enter a title"
    case .titleTooLong: "Title must be at most \(Self.maximumTitleLength) characters"
    case .controlCharacterInTitle: "Title cannot contain control characters"
    case .controlCharacterInDescription:
      "Description cannot contain control characters other than line breaks and tabs"
    case .descriptionTooLong:
      "Description must be at most \(Self.maximumDescriptionLength) characters"
    case .nonPositiveTarget: "Target must be more than $0"
    case .nonPositiveAllocation(let symbol): "Allocation of \(symbol) must be more than 0 shares"
    case .percentOutOfRange(let symbol): "Allocation of \(symbol) must be between 0% and 100%"
    case .duplicateAllocation(let symbol): "\(symbol) is allocated more than once in this goal"
    case .overAllocated(let symbol, let held):
      "Goals allocate more \(symbol) than the \(held.exact.trimmed) "
        + (held == 1 ? "share" : "shares") + " you hold"
    }
  }

  public var description: String { message }
}
