import Foundation
import RavenCore
import RavenStore
import Testing

extension StoreConformance {
  private static let house = Goal(
    title: "House deposit", description: "By 2030", target: .text("60000.00"),
    allocations: [.shares("AAPL", 6), .percent("MSFT", ExactDecimal("12.5")!)])

  @Test("Goals are created, read, replaced and deleted", arguments: StoreKind.available)
  func goalLifecycle(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser(cash: 100_000)
      try await store.buy(10, "AAPL", at: .text("100.00"), for: alice)
      try await store.buy(8, "MSFT", at: .text("100.00"), for: alice)

      let created = try await store.saveGoal(
        Self.house, id: nil, accountID: try await store.firstAccount(of: alice.id), at: start)
      #expect(created.goal == Self.house)
      #expect(created.createdAt == start && created.updatedAt == start)
      #expect(
        try await store.goal(id: created.id, accountID: try await store.firstAccount(of: alice.id))
          == created)
      let read = try await store.goals(accountID: try await store.firstAccount(of: alice.id))
      #expect(read == [created])
      #expect(read.first?.goal.allocations.last?.amount == .percent(ExactDecimal("12.5")!))

      var bigger = Self.house
      bigger.target = .text("75000.00")
      bigger.allocations = [.shares("AAPL", .text("9.500000"))]
      let updated = try await store.saveGoal(
        bigger, id: created.id, accountID: try await store.firstAccount(of: alice.id), at: at(60))
      #expect(updated.id == created.id)
      #expect(updated.createdAt == start && updated.updatedAt == at(60))
      #expect(
        try await store.goals(accountID: try await store.firstAccount(of: alice.id)) == [updated])
      #expect(
        try await store.goal(id: created.id, accountID: try await store.firstAccount(of: alice.id))
          .goal.target.description == "75000.00"
      )

      try await store.deleteGoal(
        id: created.id, accountID: try await store.firstAccount(of: alice.id))
      #expect(try await store.goals(accountID: try await store.firstAccount(of: alice.id)).isEmpty)
      #expect(
        await storeError {
          try await store.goal(
            id: created.id, accountID: try await store.firstAccount(of: alice.id))
        }?.isNotFound
          == true)
      #expect(
        await storeError {
          try await store.deleteGoal(
            id: created.id, accountID: try await store.firstAccount(of: alice.id))
        }?
        .isNotFound == true)
    }
  }

  @Test(
    "A goal over-allocated by a later sale does not block saving a goal of other stocks",
    arguments: StoreKind.available)
  func saleDoesNotBlockOtherGoals(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser(cash: 100_000)
      try await store.buy(10, "AAPL", at: .text("100.00"), for: alice)
      try await store.buy(5, "MSFT", at: .text("100.00"), for: alice)
      _ = try await store.saveGoal(
        Goal(title: "Car", description: "", target: 2_000, allocations: [.shares("AAPL", 10)]),
        id: nil, accountID: try await store.firstAccount(of: alice.id), at: start)
      try await store.sell(6, "AAPL", at: .text("100.00"), for: alice, time: at(1))
      let other = Goal(
        title: "Trip", description: "", target: 500, allocations: [.shares("MSFT", 5)])
      #expect(
        try await store.saveGoal(
          other, id: nil, accountID: try await store.firstAccount(of: alice.id), at: at(2)
        ).goal == other)
      let more = Goal(
        title: "Bike", description: "", target: 500, allocations: [.shares("AAPL", 1)])
      #expect(
        await storeError {
          try await store.saveGoal(
            more, id: nil, accountID: try await store.firstAccount(of: alice.id), at: at(3))
        }?
        .goalError == .overAllocated("AAPL", held: 4))
    }
  }

  @Test("Goals together cannot set aside more shares than are held", arguments: StoreKind.available)
  func overAllocation(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser(cash: 100_000)
      try await store.buy(10, "AAPL", at: .text("100.00"), for: alice)
      let first = try await store.saveGoal(
        Goal(title: "Car", description: "", target: 20_000, allocations: [.shares("AAPL", 6)]),
        id: nil, accountID: try await store.firstAccount(of: alice.id), at: start)

      let second = Goal(
        title: "Trip", description: "", target: 5_000, allocations: [.shares("AAPL", 5)])
      let error = await storeError {
        try await store.saveGoal(
          second, id: nil, accountID: try await store.firstAccount(of: alice.id), at: start)
      }
      #expect(error?.goalError == .overAllocated("AAPL", held: 10))
      #expect(
        try await store.goals(accountID: try await store.firstAccount(of: alice.id)) == [first])

      // Replacing a goal does not count its old allocation against itself.
      var all = first.goal
      all.allocations = [.shares("AAPL", 10)]
      #expect(
        try await store.saveGoal(
          all, id: first.id, accountID: try await store.firstAccount(of: alice.id), at: at(1)
        ).goal == all)

      // Shares not held at all cannot be allocated; a bad goal is refused as such.
      let unheld = Goal(title: "X", description: "", target: 1, allocations: [.shares("TSLA", 1)])
      #expect(
        await storeError {
          try await store.saveGoal(
            unheld, id: nil, accountID: try await store.firstAccount(of: alice.id), at: start)
        }?
        .goalError == .overAllocated("TSLA", held: 0))
      let untitled = Goal(title: " ", description: "", target: 1, allocations: [])
      #expect(
        await storeError {
          try await store.saveGoal(
            untitled, id: nil, accountID: try await store.firstAccount(of: alice.id), at: start)
        }?.goalError == .emptyTitle)
    }
  }

  @Test(
    "Holdings given with a goal (a linked brokerage's) replace the ledger's in the check",
    arguments: StoreKind.available)
  func goalCheckedAgainstGivenHoldings(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser(cash: 100_000)
      try await store.buy(2, "AAPL", at: .text("100.00"), for: alice)
      let atBrokerage: [Symbol: Quantity] = ["AAPL": 5, "TSLA": .text("0.5")]
      let goal = Goal(
        title: "Car", description: "", target: 2_000,
        allocations: [.shares("AAPL", 5), .percent("TSLA", 100)])
      let saved = try await store.saveGoal(
        goal, id: nil, accountID: try await store.firstAccount(of: alice.id), holdings: atBrokerage,
        at: start)
      #expect(saved.goal == goal)
      let more = Goal(
        title: "Bike", description: "", target: 500, allocations: [.shares("AAPL", 1)])
      #expect(
        await storeError {
          try await store.saveGoal(
            more, id: nil, accountID: try await store.firstAccount(of: alice.id),
            holdings: atBrokerage, at: start)
        }?.goalError == .overAllocated("AAPL", held: 5))
      // The ledger's two shares would have refused the first goal.
      #expect(
        await storeError {
          try await store.saveGoal(
            goal, id: saved.id, accountID: try await store.firstAccount(of: alice.id), at: start)
        }?
        .goalError == .overAllocated("AAPL", held: 2))
    }
  }

  @Test("Another user's goal behaves like a missing one", arguments: StoreKind.available)
  func othersGoal(kind: StoreKind) async throws {
    try await kind.withStore { store in
      let alice = try await store.makeUser()
      let bob = try await store.makeUser("bob")
      let goal = Goal(title: "Car", description: "", target: 20_000, allocations: [])
      let alices = try await store.saveGoal(
        goal, id: nil, accountID: try await store.firstAccount(of: alice.id), at: start)

      #expect(
        await storeError {
          try await store.goal(id: alices.id, accountID: try await store.firstAccount(of: bob.id))
        }?.isNotFound == true
      )
      #expect(
        await storeError {
          try await store.saveGoal(
            goal, id: alices.id, accountID: try await store.firstAccount(of: bob.id), at: start)
        }?.isNotFound == true)
      #expect(
        await storeError {
          try await store.deleteGoal(
            id: alices.id, accountID: try await store.firstAccount(of: bob.id))
        }?.isNotFound
          == true)
      #expect(
        await storeError {
          try await store.saveGoal(
            goal, id: GoalID(999), accountID: try await store.firstAccount(of: alice.id), at: start)
        }?.isNotFound == true)
      #expect(try await store.goals(accountID: try await store.firstAccount(of: bob.id)).isEmpty)
      #expect(
        try await store.goals(accountID: try await store.firstAccount(of: alice.id)) == [alices])
    }
  }
}
