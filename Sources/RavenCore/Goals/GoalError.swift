/// Why a goal cannot be saved, with a message a person can act on.
public enum GoalError: Error, Sendable, Hashable, CustomStringConvertible {
  case emptyTitle
  case titleTooLong
  /// The title holds a control character (a NUL, an escape, a line break, …).
  case controlCharacterInTitle
  case descriptionTooLong
  /// The description holds a control character other than a line break or a tab.
  case controlCharacterInDescription
  case nonPositiveTarget
  /// A target in fractions of a cent.
  case targetNotInCents
  /// A target above `maximumTarget`: the goals' total must stay a number Raven can write.
  case targetTooLarge
  case nonPositiveAllocation(Symbol)
  /// More shares than any order could hold (`AmountBounds.maximumQty`).
  case allocationTooLarge(Symbol)
  case percentOutOfRange(Symbol)
  case duplicateAllocation(Symbol)
  /// The goals together set aside more of the symbol than the `held` shares.
  case overAllocated(Symbol, held: Quantity)

  public static let maximumTitleLength = 100
  public static let maximumDescriptionLength = 1000
  /// The largest target: the largest dollar amount an order may ask for.
  public static let maximumTarget = AmountBounds.maximumNotional

  public var code: String {
    switch self {
    case .emptyTitle, .titleTooLong, .controlCharacterInTitle: "invalid_title"
    case .descriptionTooLong, .controlCharacterInDescription: "invalid_description"
    case .nonPositiveTarget, .targetNotInCents, .targetTooLarge: "invalid_target"
    case .nonPositiveAllocation, .allocationTooLarge, .percentOutOfRange, .duplicateAllocation:
      "invalid_allocation"
    case .overAllocated: "over_allocated"
    }
  }

  public var message: String {
    switch self {
    case .emptyTitle: "Please enter a title"
    case .titleTooLong: "Title must be at most \(Self.maximumTitleLength) characters"
    case .controlCharacterInTitle: "Title cannot contain control characters"
    case .controlCharacterInDescription:
      "Description cannot contain control characters other than line breaks and tabs"
    case .descriptionTooLong:
      "Description must be at most \(Self.maximumDescriptionLength) characters"
    case .nonPositiveTarget: "Target must be more than $0"
    case .targetNotInCents: "Target must be in dollars and cents"
    case .targetTooLarge:
      "Target must be at most \(DisplayFormat.currency(Self.maximumTarget, fractionDigits: 0))"
    case .nonPositiveAllocation(let symbol): "Allocation of \(symbol) must be more than 0 shares"
    case .allocationTooLarge(let symbol):
      "Allocation of \(symbol) must be at most \(AmountBounds.maximumQtyText) shares"
    case .percentOutOfRange(let symbol): "Allocation of \(symbol) must be between 0% and 100%"
    case .duplicateAllocation(let symbol): "\(symbol) is allocated more than once in this goal"
    case .overAllocated(let symbol, let held):
      "Goals allocate more \(symbol) than the \(held.exact.trimmed) "
        + (held == 1 ? "share" : "shares") + " you hold"
    }
  }

  public var description: String { message }
}
