import AlpacaWire
import Foundation
import Testing

/// Alpaca's one time format: RFC 3339 in UTC with `Z`, written at each use's precision,
/// read as Alpaca writes it.
@Suite("RFC 3339 times")
struct AlpacaTimeTests {
  @Test("writes UTC to the whole second, rounding down, before 1970 too")
  func writes() {
    #expect(
      AlpacaTime(Date(timeIntervalSince1970: 1_704_292_200.9), .seconds).rawValue
        == "2024-01-03T14:30:00Z")
    #expect(
      AlpacaTime(Date(timeIntervalSince1970: -1), .seconds).rawValue == "1969-12-31T23:59:59Z")
  }

  @Test("the inclusive end of an interval rounds up to the next whole second")
  func roundsUp() {
    #expect(
      AlpacaTime(Date(timeIntervalSince1970: 1_704_292_200.1), .seconds, rounding: .up).rawValue
        == "2024-01-03T14:30:01Z")
    #expect(
      AlpacaTime(Date(timeIntervalSince1970: 1_704_292_200), .seconds, rounding: .up).rawValue
        == "2024-01-03T14:30:00Z")
  }

  @Test("Raven's answers: milliseconds, truncated, as Foundation's ISO 8601 style writes them")
  func milliseconds() {
    #expect(
      AlpacaTime(Date(timeIntervalSince1970: 1_795_197_600)).rawValue == "2026-11-20T18:00:00.000Z")
    #expect(
      AlpacaTime(Date(timeIntervalSince1970: 1_763_650_000.9996)).rawValue
        == "2025-11-20T14:46:40.999Z")
    let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt)
    var generator = SystemRandomNumberGenerator()
    for index in 0..<20_000 {
      let seconds =
        index.isMultiple(of: 2)
        ? Double.random(in: -1_000_000_000...4_000_000_000, using: &generator)
        : Double(Int64.random(in: 0...4_000_000_000_000, using: &generator)) / 1_000
      let date = Date(timeIntervalSince1970: seconds)
      #expect(AlpacaTime(date).rawValue == date.formatted(style), "\(seconds)")
    }
  }

  @Test("an exclusive bound: the nearest microsecond, carried into the next second")
  func microseconds() {
    #expect(
      AlpacaTime(Date(timeIntervalSince1970: 1_763_650_000.25), .microseconds).rawValue
        == "2025-11-20T14:46:40.250000Z")
    #expect(
      AlpacaTime(
        Date(timeIntervalSince1970: 1_763_650_000.999_999_7), .microseconds,
        rounding: .toNearestOrAwayFromZero
      ).rawValue == "2025-11-20T14:46:41.000000Z")
  }

  @Test("reads Z and offsets, with fractions of a second to nanoseconds")
  func reads() throws {
    #expect(
      AlpacaTime.date(from: "2024-01-03T14:30:00Z") == Date(timeIntervalSince1970: 1_704_292_200))
    #expect(
      AlpacaTime.date(from: "2024-01-03T09:30:00-05:00")
        == Date(timeIntervalSince1970: 1_704_292_200))
    let precise = try #require(AlpacaTime.date(from: "2024-01-03T14:30:00.543414784Z"))
    #expect(abs(precise.timeIntervalSince1970 - 1_704_292_200.543_414_784) < 0.000_001)
  }

  @Test("a fraction is read to the microsecond, as alpaca-py reads it")
  func readsMicroseconds() {
    #expect(
      AlpacaTime.date(from: "2025-11-20T14:46:40.123456789Z")
        == Date(timeIntervalSince1970: 1_763_650_000.123456))
    #expect(
      AlpacaTime.date(from: "2025-11-20T14:46:41.000123Z")
        == Date(timeIntervalSince1970: 1_763_650_001.000123))
    #expect(
      AlpacaTime.date(from: "2025-11-20T14:46:41.2+00:00")
        == Date(timeIntervalSince1970: 1_763_650_001.2))
  }

  @Test("what it writes, it reads back")
  func roundTrip() throws {
    for seconds in [0, 1_763_650_000.25, 1_795_197_600.123, -86_400.5] {
      let date = Date(timeIntervalSince1970: seconds)
      #expect(AlpacaTime(date, .microseconds, rounding: .toNearestOrAwayFromZero).date == date)
      #expect(try #require(AlpacaTime(date).date).timeIntervalSince1970 <= seconds)
    }
  }

  @Test(
    "refuses anything else",
    arguments: [
      "", "2024-01-03", "2024-01-03T14:30:00", "2024-01-03 14:30:00Z", "2024-13-03T14:30:00Z",
      "2024-01-03T24:30:00Z", "2024-01-03T14:30:00.Z", "2024-01-03T14:30:00+0500",
      "2024-01-03T14:30:00Zjunk", "2023-02-29T14:30:00Z",
    ])
  func refuses(_ text: String) {
    #expect(AlpacaTime.date(from: text) == nil)
  }
}
