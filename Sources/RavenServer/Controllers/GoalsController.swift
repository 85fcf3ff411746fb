import Foundation
import HTTPTypes
import Hummingbird
import RavenAPI
import RavenBrokerage
import RavenCore
import RavenStore

/// Financial goals funded by the assets the user holds, with progress at live prices.
struct GoalsController {
  let accounts: AccountDirectory
  let goals: any GoalStore
  let clock: any WallClock

  func addRoutes(to group: RouterGroup<RavenRequestContext>) {
    group.get("/goals", use: list)
    group.post("/goals", use: create)
    group.get("/goals/{id}", use: show)
    group.patch("/goals/{id}", use: update)
    group.delete("/goals/{id}", use: delete)
  }

  @Sendable func list(_ request: Request, context: RavenRequestContext) async throws -> JSONBody<
    GoalsBody
  > {
    let user = try context.requireUser()
    return JSONBody(
      try await measure(user, account: try await accounts.account(of: user, in: request)))
  }

  @Sendable func create(_ request: Request, context: RavenRequestContext) async throws -> JSONBody<
    GoalBody
  > {
    let user = try context.requireUser()
    let input = try await context.requestDecoder.decode(
      GoalRequest.self, from: request, context: context)
    let goal = Goal(
      title: input.title, description: input.description ?? "", target: input.target,
      allocations: input.allocations ?? [])
    try GoalPlanner.validate(goal)
    let account = try await accounts.account(of: user, in: request)
    let record = try await account.saveGoal(goal, id: nil, at: clock.now)
    return JSONBody(try await body(record.id, user: user, account: account), status: .created)
  }

  @Sendable func show(_ request: Request, context: RavenRequestContext) async throws -> JSONBody<
    GoalBody
  > {
    let user = try context.requireUser()
    return JSONBody(
      try await body(
        try context.goalID(), user: user, account: try await accounts.account(of: user, in: request)
      ))
  }

  @Sendable func update(_ request: Request, context: RavenRequestContext) async throws -> JSONBody<
    GoalBody
  > {
    let user = try context.requireUser()
    let id = try context.goalID()
    let patch = try await context.requestDecoder.decode(
      GoalPatchRequest.self, from: request, context: context)
    let account = try await accounts.account(of: user, in: request)
    var goal = try await goals.goal(id: id, accountID: account.accountID).goal
    if let title = patch.title { goal.title = title }
    if let description = patch.description { goal.description = description }
    if let target = patch.target { goal.target = target }
    if let allocations = patch.allocations { goal.allocations = allocations }
    try GoalPlanner.validate(goal)
    _ = try await account.saveGoal(goal, id: id, at: clock.now)
    return JSONBody(try await body(id, user: user, account: account))
  }

  @Sendable func delete(_ request: Request, context: RavenRequestContext) async throws
    -> HTTPResponse.Status
  {
    let user = try context.requireUser()
    let account = try await accounts.account(of: user, in: request)
    try await goals.deleteGoal(id: try context.goalID(), accountID: account.accountID)
    return .noContent
  }

  private func body(_ id: GoalID, user: User, account: any TradingAccount) async throws
    -> GoalBody
  {
    guard
      let goal = try await measure(user, account: account).goals.first(where: {
        $0.id == String(id.rawValue)
      })
    else { throw APIError.notFound }
    return goal
  }

  /// Every goal of the user with its progress: allocations are valued together, since
  /// goals share holdings (a sold holding reduces each goal's part proportionally).
  /// Goals are an account's, funded by its shares: a linked account's by what it holds
  /// at the brokerage.
  private func measure(_ user: User, account: any TradingAccount) async throws -> GoalsBody {
    let records = try await goals.goals(accountID: account.accountID)
    let held = try await account.holdings(
      pricing: Set(records.flatMap { $0.goal.allocations.map(\.symbol) }))
    let progress = GoalPlanner.progress(
      of: records.map(\.goal), holdings: held.shares, prices: held.prices)
    let goals = zip(records, progress.goals).map { record, measured in
      GoalBody(
        id: String(record.id.rawValue), title: record.goal.title,
        description: record.goal.description, target: record.goal.target,
        allocations: zip(record.goal.allocations, measured.allocations).map { asked, valued in
          GoalAllocationBody(
            symbol: asked.symbol, shares: asked.amount.shares, percent: asked.amount.percent,
            effectiveShares: valued.shares, value: valued.value, unfunded: valued.isUnfunded)
        },
        allocatedValue: measured.allocatedValue, progress: measured.progress,
        createdAt: record.createdAt, updatedAt: record.updatedAt)
    }
    return GoalsBody(
      goals: goals, totalProgress: progress.totalProgress, fundedValue: progress.fundedValue,
      totalTarget: progress.totalTarget)
  }
}

extension GoalAllocation.Amount {
  var shares: Quantity? { if case .shares(let shares) = self { shares } else { nil } }
  var percent: ExactDecimal? { if case .percent(let percent) = self { percent } else { nil } }
}

extension RavenRequestContext {
  /// The `{id}` path parameter as a goal id; anything else is simply not found.
  func goalID() throws -> GoalID {
    guard let id = parameters.get("id", as: Int64.self) else { throw APIError.notFound }
    return GoalID(id)
  }
}
