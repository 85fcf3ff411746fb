import Foundation
import Testing

@testable import RavenHTTP

@Suite("RFC 3339 times")
struct RFC3339TimeTests {
  @Test("writes UTC to the whole second, rounding down, before 1970 too")
  func writes() {
    #expect(
      RFC3339Time.string(from: Date(timeIntervalSince1970: 1_704_292_200.9))
        == "2024-01-03T14:30:00Z")
    #expect(RFC3339Time.string(from: Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
  }

  @Test("reads Z and offsets, with fractions of a second to nanoseconds")
  func reads() throws {
    #expect(
      RFC3339Time.date(from: "2024-01-03T14:30:00Z") == Date(timeIntervalSince1970: 1_704_292_200))
    #expect(
      RFC3339Time.date(from: "2024-01-03T09:30:00-05:00")
        == Date(timeIntervalSince1970: 1_704_292_200))
    let precise = try #require(RFC3339Time.date(from: "2024-01-03T14:30:00.543414784Z"))
    #expect(abs(precise.timeIntervalSince1970 - 1_704_292_200.543_414_784) < 0.000_001)
  }

  @Test(
    "refuses anything else",
    arguments: [
      "", "2024-01-03", "2024-01-03T14:30:00", "2024-01-03 14:30:00Z", "2024-13-03T14:30:00Z",
      "2024-01-03T24:30:00Z", "2024-01-03T14:30:00.Z", "2024-01-03T14:30:00+0500",
      "2024-01-03T14:30:00Zjunk",
    ])
  func refuses(_ text: String) {
    #expect(RFC3339Time.date(from: text) == nil)
  }
}
