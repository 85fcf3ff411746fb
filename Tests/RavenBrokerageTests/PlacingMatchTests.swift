import Foundation
import RavenCore
import Testing

@testable import RavenBrokerage

@Suite("Placing match")
struct PlacingMatchTests {
  @Test(
    "Without its fills a match keeps an ioc order's end, a mark and a trigger, and claims nothing")
  func withoutFills() {
    let id = UUID()
    func change(_ outcome: MinuteOutcome) -> OrderChange {
      OrderChange(
        orderID: id, accountID: AccountID(1), version: 1, update: .minute(outcome),
        time: Date(timeIntervalSince1970: 0))
    }
    let fill = OrderFill(time: Date(timeIntervalSince1970: 0), qty: 5, price: Price("10.00")!)
    let match = PlacingMatch(
      changes: [
        change(MinuteOutcome(orderID: id, fill: fill, cancelsRest: true)),
        change(MinuteOutcome(orderID: id, fill: fill)),
        change(MinuteOutcome(orderID: id, fill: fill, mark: Price("11.00")!, triggered: true)),
      ],
      claim: nil)
    let stripped = match.withoutFills
    #expect(stripped.claim == nil)
    let outcomes = stripped.changes.compactMap { change -> MinuteOutcome? in
      guard case .minute(let outcome) = change.update else { return nil }
      return outcome
    }
    #expect(outcomes.count == 2)
    #expect(outcomes.allSatisfy { $0.fill == nil })
    #expect(outcomes[0].cancelsRest)
    #expect(outcomes[1].mark == Price("11.00")! && outcomes[1].triggered)
  }
}
