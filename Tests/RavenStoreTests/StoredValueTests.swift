import RavenCore
import Testing

@testable import RavenStore

@Suite("Stored values") struct StoredValueTests {
  @Test(
    "The fast reader of stored amounts agrees with ExactDecimal's parser",
    arguments: [
      "0", "0.00", "-0.00", "187.9500", "0.000001", "-12.34", "10000.00", "5.", ".5",
      "123456789012345678", "0.123456789012345678", "1234567890123456789", "1e5", "-", ".", "",
      " 1", "1-", "1.2.3", "+1", "-.5", "-5.", "1 ",
    ])
  func plainUnits(text: String) throws {
    let expected = ExactDecimal(text)
    let fast = StoredValue.plainUnits(text).map {
      ExactDecimal(units: $0.units, fractionDigits: $0.fractionDigits)
    }
    if let fast {
      #expect(fast == expected)
      #expect(fast.description == expected?.description)
    }
    let stored = try? StoredValue.money(text, "cash")
    #expect(stored?.exact == expected)
    #expect(stored?.description == expected?.description)
  }
}
