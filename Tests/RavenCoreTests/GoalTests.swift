import Foundation
import RavenCore
import Testing

@Suite("Goals")
struct GoalTests {
  private let prices: [Symbol: Price] = ["AAPL": Price("200")!, "MSFT": Price("400")!]

  private func goal(_ title: String, target: Money, _ allocations: [GoalAllocation]) -> Goal {
    Goal(title: title, description: "", target: target, allocations: allocations)
  }

  @Test("Progress is allocated market value over target; total is Σ funded over Σ targets")
  func progress() throws {
    let goals = [
      goal("House", target: 1_000, [.shares("AAPL", 2)]),
      goal("Car", target: 4_000, [.percent("MSFT", 50), .shares("AAPL", 1)]),
    ]
    let holdings: [Symbol: Quantity] = ["AAPL": 4, "MSFT": 10]
    try GoalPlanner.validate(goals, holdings: holdings)
    let progress = GoalPlanner.progress(of: goals, holdings: holdings, prices: prices)
    #expect(progress.goals[0].allocatedValue == Money(400))
    #expect(progress.goals[0].progress.description == "0.4000")
    #expect(progress.goals[1].allocatedValue == Money(2_200))  // 5 MSFT + 1 AAPL
    #expect(progress.goals[1].progress.description == "0.5500")
    #expect(progress.totalProgress.description == "0.5200")  // 2600 / 5000
    #expect(progress.fundedValue == Money(2_600) && progress.totalTarget == Money(5_000))
  }

  @Test("Rows saved before targets had bounds total to what an answer can write")
  func unboundedOldTargets() {
    // The fuzzer's pair (seed 1066580817), as a database written before 49b37cd may hold
    // them: each target reads back, their exact sum (33 digits) cannot be written.
    let goals = [
      goal("Big", target: Money("212228960119030")!, []),
      goal("Fine", target: Money("0.237230181371618301")!, []),
    ]
    let progress = GoalPlanner.progress(of: goals, holdings: [:], prices: prices)
    #expect(progress.totalTarget.description == "10000000000000.24")
    #expect(progress.totalTarget.exact.fitsText && progress.fundedValue.exact.fitsText)
    #expect(progress.totalProgress.description == "0.0000")
  }

  @Test("A goal funded beyond its target counts its target only in the total")
  func overfundedGoal() {
    let goals = [
      goal("House", target: 1_000, [.shares("AAPL", 10)]),  // $2,000: twice its target
      goal("Car", target: 4_000, [.shares("MSFT", 2)]),  // $800
    ]
    let progress = GoalPlanner.progress(
      of: goals, holdings: ["AAPL": 10, "MSFT": 2], prices: prices)
    #expect(progress.goals[0].progress.description == "2.0000")
    #expect(progress.goals[0].allocatedValue == Money(2_000))
    // The House's extra $1,000 does not count towards the Car: (1,000 + 800) / 5,000.
    #expect(progress.fundedValue == Money(1_800))
    #expect(progress.totalTarget == Money(5_000))
    #expect(progress.totalProgress.description == "0.3600")
    let reached = GoalPlanner.progress(
      of: [goals[0]], holdings: ["AAPL": 10], prices: prices)
    #expect(reached.totalProgress.description == "1.0000")
  }

  @Test("An allocation is unfunded when its holding no longer covers it as asked")
  func unfunded() {
    let goals = [
      goal("House", target: 1_000, [.shares("AAPL", 3), .percent("MSFT", 50)]),
      goal("Car", target: 1_000, [.shares("AAPL", 1)]),
    ]
    let funded = GoalPlanner.progress(
      of: goals, holdings: ["AAPL": 4, "MSFT": 2], prices: prices)
    #expect(funded.goals.flatMap(\.allocations).allSatisfy { !$0.isUnfunded })
    // Two AAPL sold, every MSFT sold: both AAPL allocations shrink, the percent is empty.
    let sold = GoalPlanner.progress(of: goals, holdings: ["AAPL": 2], prices: prices)
    #expect(sold.goals.flatMap(\.allocations).map(\.isUnfunded) == [true, true, true])
    #expect(sold.goals[0].allocations[1].shares.isZero)
    #expect(sold.goals[0].allocations[1].value.isZero)
  }

  @Test("Allocating more than is held is refused with the symbol and holding named")
  func overAllocation() {
    let goals = [
      goal("House", target: 1_000, [.shares("AAPL", 2)]),
      goal("Car", target: 1_000, [.percent("AAPL", 50)]),
    ]
    #expect(throws: GoalError.overAllocated("AAPL", held: 3)) {
      try GoalPlanner.validate(goals, holdings: ["AAPL": 3])
    }
    #expect(
      GoalError.overAllocated("AAPL", held: 3).message
        == "Goals allocate more AAPL than the 3 shares you hold")
    #expect(
      GoalError.overAllocated("AAPL", held: 1).message
        == "Goals allocate more AAPL than the 1 share you hold")
    #expect(throws: Never.self) { try GoalPlanner.validate(goals, holdings: ["AAPL": 4]) }
    #expect(throws: GoalError.overAllocated("MSFT", held: 0)) {
      try GoalPlanner.validate([goal("X", target: 1, [.shares("MSFT", 1)])], holdings: [:])
    }
  }

  @Test("A holding that was sold reduces every goal's share of it proportionally")
  func soldHolding() throws {
    let goals = [
      goal("House", target: 1_000, [.shares("AAPL", 3)]),
      goal("Car", target: 1_000, [.shares("AAPL", 1)]),
    ]
    let before = GoalPlanner.progress(of: goals, holdings: ["AAPL": 4], prices: prices)
    let after = GoalPlanner.progress(of: goals, holdings: ["AAPL": 2], prices: prices)
    #expect(before.goals.map(\.allocatedValue) == [Money(600), Money(200)])
    #expect(after.goals.map(\.allocatedValue) == [Money(300), Money(100)])
    #expect(after.goals[0].allocations[0].shares == Quantity("1.5"))
    let gone = GoalPlanner.progress(of: goals, holdings: [:], prices: prices)
    #expect(gone.totalProgress.isZero)
  }

  @Test("Shape checks: title, target, amounts, duplicates")
  func shape() {
    #expect(throws: GoalError.emptyTitle) { try GoalPlanner.validate(goal("  ", target: 1, [])) }
    #expect(throws: GoalError.nonPositiveTarget) {
      try GoalPlanner.validate(goal("A", target: 0, []))
    }
    #expect(throws: GoalError.targetNotInCents) {
      try GoalPlanner.validate(goal("A", target: Money("0.237230181371618301")!, []))
    }
    #expect(throws: GoalError.targetTooLarge) {
      try GoalPlanner.validate(goal("A", target: GoalError.maximumTarget + Money("0.01")!, []))
    }
    #expect(GoalError.targetTooLarge.message == "Target must be at most $10,000,000,000,000")
    #expect(throws: Never.self) {
      try GoalPlanner.validate(goal("A", target: GoalError.maximumTarget, []))
      try GoalPlanner.validate(goal("A", target: Money("12.50000")!, []))
    }
    #expect(throws: GoalError.nonPositiveAllocation("AAPL")) {
      try GoalPlanner.validate(goal("A", target: 1, [.shares("AAPL", 0)]))
    }
    #expect(throws: GoalError.percentOutOfRange("AAPL")) {
      try GoalPlanner.validate(goal("A", target: 1, [.percent("AAPL", 101)]))
    }
    #expect(throws: GoalError.duplicateAllocation("AAPL")) {
      try GoalPlanner.validate(goal("A", target: 1, [.shares("AAPL", 1), .percent("AAPL", 5)]))
    }
  }

  @Test("Titles hold no control characters; descriptions only line breaks and tabs")
  func controlCharacters() throws {
    for title in ["House\u{0}", "House\u{1B}[31m", "House\nDeposit"] {
      #expect(throws: GoalError.controlCharacterInTitle) {
        try GoalPlanner.validate(goal(title, target: 1, []))
      }
    }
    var described = goal("House", target: 1, [])
    described.description = "Deposit\u{0}"
    #expect(throws: GoalError.controlCharacterInDescription) {
      try GoalPlanner.validate(described)
    }
    described.description = "Deposit\r\n\tfor the flat"
    try GoalPlanner.validate(described)
  }

  @Test("Allocations are JSON with either shares or percent")
  func allocationJSON() throws {
    let decoded = try JSONDecoder().decode(
      [GoalAllocation].self,
      from: Data(#"[{"symbol":"AAPL","shares":"2"},{"symbol":"msft","percent":"50"}]"#.utf8))
    #expect(decoded == [.shares("AAPL", 2), .percent("MSFT", 50)])
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(GoalAllocation.self, from: Data(#"{"symbol":"AAPL"}"#.utf8))
    }
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(
        GoalAllocation.self, from: Data(#"{"symbol":"AAPL","shares":"1","percent":"5"}"#.utf8))
    }
  }
}
