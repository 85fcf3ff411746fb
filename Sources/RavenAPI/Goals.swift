import Foundation
import RavenCore

/// `POST /api/v1/goals`.
public struct GoalRequest: Sendable, Hashable, Codable {
  public var title: String
  public var description: String?
  public var target: Money
  public var allocations: [GoalAllocation]?

  public init(
    title: String, description: String? = nil, target: Money,
    allocations: [GoalAllocation]? = nil
  ) {
    self.title = title
    self.description = description
    self.target = target
    self.allocations = allocations
  }
}

/// `PATCH /api/v1/goals/{id}`: every field optional; absent fields keep their value.
public struct GoalPatchRequest: Sendable, Hashable, Codable {
  public var title: String?
  public var description: String?
  public var target: Money?
  public var allocations: [GoalAllocation]?

  public init(
    title: String? = nil, description: String? = nil, target: Money? = nil,
    allocations: [GoalAllocation]? = nil
  ) {
    self.title = title
    self.description = description
    self.target = target
    self.allocations = allocations
  }
}

/// A goal with its progress at live prices.
public struct GoalBody: Sendable, Hashable, Codable {
  public var id: String
  public var title: String
  public var description: String
  public var target: Money
  public var allocations: [GoalAllocationBody]
  public var allocatedValue: Money
  /// allocated value ÷ target (`0.4567`).
  public var progress: ExactDecimal
  public var createdAt: Date
  public var updatedAt: Date

  public init(
    id: String, title: String, description: String, target: Money,
    allocations: [GoalAllocationBody], allocatedValue: Money, progress: ExactDecimal,
    createdAt: Date, updatedAt: Date
  ) {
    self.id = id
    self.title = title
    self.description = description
    self.target = target
    self.allocations = allocations
    self.allocatedValue = allocatedValue
    self.progress = progress
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }
}

/// An allocation as asked (`shares` or `percent`) and what it is worth now.
public struct GoalAllocationBody: Sendable, Hashable, Codable {
  public var symbol: Symbol
  public var shares: Quantity?
  public var percent: ExactDecimal?
  /// The shares that really fund the goal now.
  public var effectiveShares: Quantity
  public var value: Money
  /// The holding no longer covers the allocation as asked: `effectiveShares` is below
  /// `shares` (shares were sold), or a `percent` allocation's stock is no longer held.
  public var unfunded: Bool

  public init(
    symbol: Symbol, shares: Quantity?, percent: ExactDecimal?, effectiveShares: Quantity,
    value: Money, unfunded: Bool
  ) {
    self.symbol = symbol
    self.shares = shares
    self.percent = percent
    self.effectiveShares = effectiveShares
    self.value = value
    self.unfunded = unfunded
  }
}

/// `GET /api/v1/goals`: every goal, and progress over all of them.
public struct GoalsBody: Sendable, Hashable, Codable {
  public var goals: [GoalBody]
  /// `fundedValue` ÷ `totalTarget` (`0.0959`).
  public var totalProgress: ExactDecimal
  /// Σ over goals of min(allocated value, target): a goal funded beyond its target counts
  /// its target only.
  public var fundedValue: Money
  /// Σ targets.
  public var totalTarget: Money

  public init(
    goals: [GoalBody], totalProgress: ExactDecimal, fundedValue: Money, totalTarget: Money
  ) {
    self.goals = goals
    self.totalProgress = totalProgress
    self.fundedValue = fundedValue
    self.totalTarget = totalTarget
  }
}
