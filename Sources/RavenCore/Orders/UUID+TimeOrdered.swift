import Foundation

extension UUID {
  /// A version 7 UUID (RFC 9562 §5.7): the first 48 bits are `time` in milliseconds since
  /// 1970, then the version, 74 random bits and the variant.
  ///
  /// Orders are identified by these so that IDs made one after another sort one after
  /// another: each new order's entry lands at the end of the indexes on its ID (and on
  /// the trades' order ID) instead of on a random page, which a trade would otherwise
  /// write out whole.
  public static func timeOrdered(at time: Date) -> UUID {
    var generator = SystemRandomNumberGenerator()
    return timeOrdered(at: time, using: &generator)
  }

  /// As `timeOrdered(at:)`, with the random bits from `generator`.
  public static func timeOrdered(
    at time: Date, using generator: inout some RandomNumberGenerator
  ) -> UUID {
    let milliseconds = Self.milliseconds(time)
    let high = generator.next() as UInt64
    let low = generator.next() as UInt64
    func byte(_ value: UInt64, _ shift: UInt64) -> UInt8 {
      UInt8(truncatingIfNeeded: value >> shift)
    }
    return UUID(
      uuid: (
        byte(milliseconds, 40), byte(milliseconds, 32), byte(milliseconds, 24),
        byte(milliseconds, 16), byte(milliseconds, 8), byte(milliseconds, 0),
        0x70 | (byte(high, 0) & 0x0F), byte(high, 8),
        0x80 | (byte(low, 0) & 0x3F), byte(low, 8), byte(low, 16), byte(low, 24),
        byte(low, 32), byte(low, 40), byte(low, 48), byte(low, 56)
      ))
  }

  /// `time` in whole milliseconds since 1970, in 48 bits: times before 1970 (or not a
  /// number) are 0, and times past the 48 bits' end (the year 10889) are its last value,
  /// rather than wrapping around.
  static func milliseconds(_ time: Date) -> UInt64 {
    let last: UInt64 = 0xFFFF_FFFF_FFFF
    let milliseconds = (time.timeIntervalSince1970 * 1000).rounded(.down)
    guard milliseconds > 0 else { return 0 }  // also NaN
    return milliseconds < Double(last) ? UInt64(milliseconds) : last
  }
}
