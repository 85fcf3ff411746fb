import Foundation
import RavenCore
import Testing

@Suite("Display formatting")
struct DisplayFormatTests {
  @Test("Currency")
  func currency() {
    #expect(DisplayFormat.currency(Money("1234.56")!) == "$1,234.56")
    #expect(DisplayFormat.currency(Money("-1234.5")!) == "-$1,234.50")
    #expect(DisplayFormat.currency(Money("0")!) == "$0.00")
    #expect(DisplayFormat.currency(Money("1234567.891")!) == "$1,234,567.89")
    #expect(DisplayFormat.currency(Price("187.95")!) == "$187.95")
    #expect(DisplayFormat.currency(Money("999.995")!) == "$1,000.00")
    #expect(DisplayFormat.signedCurrency(Money("12.3")!) == "+$12.30")
    #expect(DisplayFormat.signedCurrency(Money("-4.05")!) == "-$4.05")
  }

  @Test("Percent and signed change")
  func signed() {
    #expect(DisplayFormat.percent(ExactDecimal("1.234")!) == "+1.23%")
    #expect(DisplayFormat.percent(ExactDecimal("-0.456")!) == "-0.46%")
    #expect(DisplayFormat.percent(.zero) == "0.00%")
    #expect(DisplayFormat.percent(ExactDecimal("-0.001")!) == "0.00%")
    #expect(DisplayFormat.signed(Price("1.5")!) == "+1.50")
    #expect(DisplayFormat.signed(Price("-1234.5")!) == "-1,234.50")
  }

  @Test("Shares and compact counts")
  func counts() {
    #expect(DisplayFormat.shares(Quantity("1234.500")!) == "1,234.5")
    #expect(DisplayFormat.shares(3) == "3")
    #expect(DisplayFormat.compact(1_234_567) == "1.2M")
    #expect(DisplayFormat.compact(845_300) == "845.3K")
    #expect(DisplayFormat.compact(999) == "999")
  }

  @Test("Relative time")
  func relativeTime() {
    let now = Date(timeIntervalSince1970: 1_763_400_000)
    #expect(RelativeTime.ago(now.addingTimeInterval(-30), now: now) == "just now")
    #expect(RelativeTime.ago(now.addingTimeInterval(-300), now: now) == "5 min ago")
    #expect(RelativeTime.ago(now.addingTimeInterval(-7_500), now: now) == "2 hr, 5 min ago")
    #expect(RelativeTime.ago(now.addingTimeInterval(-7_200), now: now) == "2 hr ago")
    #expect(RelativeTime.ago(now.addingTimeInterval(-3 * 86_400), now: now) == "3 days ago")
    #expect(RelativeTime.ago(now.addingTimeInterval(60), now: now) == "just now")
    #expect(RelativeTime.duration(seconds: 7_500) == "2 hr, 5 min")
  }
}
