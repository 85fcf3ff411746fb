import Foundation

/// How far each goal is, valued at current prices.
public struct GoalsProgress: Sendable, Hashable, Codable {
  public var goals: [GoalProgress]
  /// Σ over goals of min(allocated value, target): what funds the goals, a goal counting
  /// no more than its target, so one funded beyond it does not lift the others' total.
  public var fundedValue: Money
  /// Σ targets.
  public var totalTarget: Money
  /// funded value ÷ total target, a ratio with four fraction digits (`0.4567`), at most 1.
  public var totalProgress: ExactDecimal
}

public struct GoalProgress: Sendable, Hashable, Codable {
  public var allocations: [AllocationValue]
  /// Σ market value of the allocated shares, in cents.
  public var allocatedValue: Money
  /// allocated value ÷ target, a ratio with four fraction digits; above 1 once reached.
  public var progress: ExactDecimal
}

public struct AllocationValue: Sendable, Hashable, Codable {
  public var symbol: Symbol
  /// The shares that really fund the goal: the request, reduced when the holding shrank.
  public var shares: Quantity
  public var value: Money
  /// Whether the holding no longer covers the allocation as asked: fewer shares than a
  /// shares allocation asks for (some were sold), or none at all for a percent allocation.
  public var isUnfunded: Bool
}

/// Checks goals against holdings and measures their progress.
public enum GoalPlanner {
  /// Checks one goal on its own: title, description, target and allocation amounts.
  public static func validate(_ goal: Goal) throws(GoalError) {
    let title = goal.title.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !title.isEmpty else { throw .emptyTitle }
    guard title.count <= GoalError.maximumTitleLength else { throw .titleTooLong }
    guard !goal.title.containsControlCharacters() else { throw .controlCharacterInTitle }
    guard goal.description.count <= GoalError.maximumDescriptionLength else {
      throw .descriptionTooLong
    }
    guard !goal.description.containsControlCharacters(except: ["\n", "\r", "\t"]) else {
      throw .controlCharacterInDescription
    }
    guard goal.target.isPositive else { throw .nonPositiveTarget }
    guard goal.target.exact.significantFractionDigits <= 2 else { throw .targetNotInCents }
    guard goal.target <= GoalError.maximumTarget else { throw .targetTooLarge }
    var seen = Set<Symbol>()
    for allocation in goal.allocations {
      guard seen.insert(allocation.symbol).inserted else {
        throw .duplicateAllocation(allocation.symbol)
      }
      switch allocation.amount {
      case .shares(let shares):
        guard shares.isPositive else { throw .nonPositiveAllocation(allocation.symbol) }
        guard shares <= AmountBounds.maximumQty else {
          throw .allocationTooLarge(allocation.symbol)
        }
      case .percent(let percent):
        guard percent.isPositive, percent <= 100 else {
          throw .percentOutOfRange(allocation.symbol)
        }
      }
    }
  }

  /// Checks every goal, and that together they set aside no more of a stock than is held
  /// (of every stock, or only of `symbols` when given).
  public static func validate(
    _ goals: [Goal], holdings: [Symbol: Quantity], symbols: Set<Symbol>? = nil
  ) throws(GoalError) {
    for goal in goals { try validate(goal) }
    for (symbol, requested) in requestedShares(goals, holdings: holdings)
    where symbols?.contains(symbol) ?? true {
      let held = holdings[symbol] ?? .zero
      guard requested <= held else { throw .overAllocated(symbol, held: held) }
    }
  }

  /// Values each goal's allocations at `prices`.
  ///
  /// When a holding has shrunk below what the goals ask for (shares were sold after
  /// the goals were set), every allocation of that stock is scaled down by the same
  /// factor, so each goal shows its fair share of the reduced progress.
  public static func progress(
    of goals: [Goal], holdings: [Symbol: Quantity], prices: [Symbol: Price]
  ) -> GoalsProgress {
    let requestedTotals = requestedShares(goals, holdings: holdings)
    let measured = goals.map { goal in
      let allocations = goal.allocations.map { allocation in
        let held = holdings[allocation.symbol] ?? .zero
        let requested = allocation.requestedShares(held: held)
        let total = requestedTotals[allocation.symbol] ?? requested
        let shares = total <= held ? requested : scaled(requested, by: held, over: total)
        let price = prices[allocation.symbol] ?? .zero
        let isUnfunded =
          switch allocation.amount {
          case .shares(let asked): shares < asked
          case .percent(let percent): percent.isPositive && shares.isZero
          }
        return AllocationValue(
          symbol: allocation.symbol, shares: shares, value: (price * shares).roundedToCents(),
          isUnfunded: isUnfunded)
      }
      let value = allocations.reduce(Money.zero) { $0 + $1.value }
      return GoalProgress(
        allocations: allocations, allocatedValue: value, progress: ratio(value, goal.target))
    }
    let funded = zip(goals, measured).reduce(Money.zero) {
      $0 + min($1.1.allocatedValue, countedTarget($1.0))
    }
    let targets = goals.reduce(Money.zero) { $0 + countedTarget($1) }
    return GoalsProgress(
      goals: measured, fundedValue: funded, totalTarget: targets,
      totalProgress: ratio(funded, targets))
  }

  /// A goal's target as the totals count it: in cents (rounded up) and at most
  /// `GoalError.maximumTarget`. Goals saved today always are; rows written before targets
  /// had bounds may not be, and their sum could then exceed the digits an answer can write.
  private static func countedTarget(_ goal: Goal) -> Money {
    min(
      goal.target.rounded(toFractionDigits: 2, rounding: .awayFromZero), GoalError.maximumTarget)
  }

  private static func requestedShares(
    _ goals: [Goal], holdings: [Symbol: Quantity]
  ) -> [Symbol: Quantity] {
    var totals: [Symbol: Quantity] = [:]
    for allocation in goals.flatMap(\.allocations) {
      let held = holdings[allocation.symbol] ?? .zero
      totals[allocation.symbol, default: .zero] += allocation.requestedShares(held: held)
    }
    return totals
  }

  private static func scaled(_ shares: Quantity, by held: Quantity, over total: Quantity)
    -> Quantity
  {
    let exact = (shares.exact * held.exact).divided(
      by: total.exact, fractionDigits: Quantity.maximumFractionDigits, rounding: .towardZero)
    return Quantity(exact: exact ?? .zero)
  }

  private static func ratio(_ value: Money, _ target: Money) -> ExactDecimal {
    value.exact.divided(by: target.exact, fractionDigits: 4)
      ?? ExactDecimal.zero.withFractionDigits(4)
  }
}
