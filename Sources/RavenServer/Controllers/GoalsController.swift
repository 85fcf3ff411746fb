import Foundation
import HTTPTypes
import Hummingbird
import RavenCore
import RavenStore

/// Financial goals funded by the assets the user holds, with progress at live prices.
struct GoalsController {
  let services: AppServices

  struct GoalInput: Decodable, Sendable {
    var title: String
    var description: String?
    var target: Money
    var allocations: [GoalAllocation]?
  }

  /// PATCH: every field optional; absent fields keep their value.
  struct GoalPatch: Decodable, Sendable {
    var title: String?
    var description: String?
    var target: Money?
    var allocations: [GoalAllocation]?
  }

  struct GoalBody: Encodable, Sendable {
    var id: String
    var title: String
    var description: String
    var target: Money
    var allocations: [AllocationBody]
    var allocatedValue: Money
    /// allocated value ÷ target (`0.4567`).
    var progress: ExactDecimal
    var createdAt: Date
    var updatedAt: Date
  }

  /// An allocation as asked (`shares` or `percent`) and what it is worth now.
  struct AllocationBody: Encodable, Sendable {
    var symbol: Symbol
    var shares: Quantity?
    var percent: ExactDecimal?
    var effectiveShares: Quantity
    var value: Money
  }

  struct GoalsBody: Encodable, Sendable {
    var goals: [GoalBody]
    var totalProgress: ExactDecimal
  }

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
    return JSONBody(try await measure(user, holdings: try await holdings(of: user)))
  }

  @Sendable func create(_ request: Request, context: RavenRequestContext) async throws -> JSONBody<
    GoalBody
  > {
    let user = try context.requireUser()
    let input = try await request.decodeJSON(as: GoalInput.self, context: context)
    let goal = Goal(
      title: input.title, description: input.description ?? "", target: input.target,
      allocations: input.allocations ?? [])
    try GoalPlanner.validate(goal)
    let held = try await holdings(of: user)
    let record = try await services.store.saveGoal(
      goal, id: nil, userID: user.id, holdings: held.brokerageShares, at: services.clock.now)
    return JSONBody(try await body(record.id, user: user, holdings: held), status: .created)
  }

  @Sendable func show(_ request: Request, context: RavenRequestContext) async throws -> JSONBody<
    GoalBody
  > {
    let user = try context.requireUser()
    return JSONBody(
      try await body(try context.goalID(), user: user, holdings: try await holdings(of: user)))
  }

  @Sendable func update(_ request: Request, context: RavenRequestContext) async throws -> JSONBody<
    GoalBody
  > {
    let user = try context.requireUser()
    let id = try context.goalID()
    let patch = try await request.decodeJSON(as: GoalPatch.self, context: context)
    var goal = try await services.store.goal(id: id, userID: user.id).goal
    if let title = patch.title { goal.title = title }
    if let description = patch.description { goal.description = description }
    if let target = patch.target { goal.target = target }
    if let allocations = patch.allocations { goal.allocations = allocations }
    try GoalPlanner.validate(goal)
    let held = try await holdings(of: user)
    _ = try await services.store.saveGoal(
      goal, id: id, userID: user.id, holdings: held.brokerageShares, at: services.clock.now)
    return JSONBody(try await body(id, user: user, holdings: held))
  }

  @Sendable func delete(_ request: Request, context: RavenRequestContext) async throws
    -> HTTPResponse.Status
  {
    let user = try context.requireUser()
    try await services.store.deleteGoal(id: try context.goalID(), userID: user.id)
    return .noContent
  }

  private func body(_ id: GoalID, user: User, holdings: Holdings) async throws -> GoalBody {
    guard
      let goal = try await measure(user, holdings: holdings).goals.first(where: {
        $0.id == String(id.rawValue)
      })
    else { throw APIError.notFound }
    return goal
  }

  /// Every goal of the user with its progress: allocations are valued together, since
  /// goals share holdings (a sold holding reduces each goal's part proportionally).
  /// A linked user's goals are funded by what they hold at their brokerage.
  private func measure(_ user: User, holdings: Holdings) async throws -> GoalsBody {
    let records = try await services.store.goals(userID: user.id)
    let shares: [Symbol: Quantity]
    let prices: [Symbol: Price]
    switch holdings {
    case .brokerage(let held, let brokeragePrices):
      (shares, prices) = (held, brokeragePrices)
    case .ledger:
      shares = try await services.store.account(userID: user.id).holdings
      let symbols = Array(Set(records.flatMap { $0.goal.allocations.map(\.symbol) }))
      let quotes = symbols.isEmpty ? [:] : try await services.market.quotes(for: symbols)
      prices = quotes.mapValues(\.price)
    }
    let progress = GoalPlanner.progress(of: records.map(\.goal), holdings: shares, prices: prices)
    let goals = zip(records, progress.goals).map { record, measured in
      GoalBody(
        id: String(record.id.rawValue), title: record.goal.title,
        description: record.goal.description, target: record.goal.target,
        allocations: zip(record.goal.allocations, measured.allocations).map { asked, valued in
          AllocationBody(
            symbol: asked.symbol, shares: asked.amount.shares, percent: asked.amount.percent,
            effectiveShares: valued.shares, value: valued.value)
        },
        allocatedValue: measured.allocatedValue, progress: measured.progress,
        createdAt: record.createdAt, updatedAt: record.updatedAt)
    }
    return GoalsBody(goals: goals, totalProgress: progress.totalProgress)
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
