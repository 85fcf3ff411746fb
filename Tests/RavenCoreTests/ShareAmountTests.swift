import RavenCore
import Testing

@Suite("Reading a share amount")
struct ShareAmountTests {
  @Test(
    "Text that is not a valid amount says so",
    arguments: [
      "", "  ", "abc", "NaN", "1e3", "3.1234567891", "10000001", "10000000.000000001",
      "99999999999999999999", "1,5",
      // Text the API once read leniently: one strict grammar now, as everywhere else.
      " 3 ", "+2", "3.", ".5",
    ])
  func invalid(text: String) {
    for side in TradeSide.allCases {
      #expect(throws: TradeError.invalidAmount) { try ShareAmount.parse(text, side: side) }
    }
  }

  @Test(
    "Zero and negative amounts name the side", arguments: ["0", "-1", "-0", "0.000000", "-0.5"])
  func nonPositive(text: String) {
    #expect(throws: TradeError.nonPositiveBuy) { try ShareAmount.parse(text, side: .buy) }
    #expect(throws: TradeError.nonPositiveSell) { try ShareAmount.parse(text, side: .sell) }
  }

  @Test(
    "Valid amounts, whole and fractional",
    arguments: ["3", "0.5", "0.000001", "0.000000001", "10000000"])
  func valid(text: String) throws {
    let shares = try ShareAmount.parse(text, side: .buy)
    #expect(shares.isPositive)
  }

  @Test("The messages and codes are exactly the app's")
  func messages() {
    let expected: [(TradeError, String, String)] = [
      (.invalidAmount, "invalid_amount", "Please enter a valid amount"),
      (.nonPositiveBuy, "non_positive_buy", "Cannot buy non-positive shares"),
      (.nonPositiveSell, "non_positive_sell", "Cannot sell non-positive shares"),
      (.insufficientFunds, "insufficient_funds", "Not enough money to buy"),
      (.insufficientShares, "insufficient_shares", "Not enough shares to sell"),
      (.unknownSymbol, "unknown_symbol", "Unknown symbol"),
      (.noPrice, "no_price", "No price available"),
    ]
    for (error, code, message) in expected {
      #expect(error.code == code)
      #expect(error.message == message)
    }
  }
}
