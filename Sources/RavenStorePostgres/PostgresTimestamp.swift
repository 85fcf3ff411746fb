import Foundation
import PostgresNIO
import RavenCore
import RavenStore

/// A `timestamptz` as whole microseconds, encoded and decoded without going through a
/// `Double` (PostgresNIO's `Date` coding truncates `seconds × 10⁶`, which can land one
/// microsecond low). With it both stores turn a `Date` into the same microsecond.
struct PostgresTimestamp: PostgresNonThrowingEncodable, PostgresDecodable, Sendable {
  /// PostgreSQL counts from 2000-01-01 00:00:00 UTC.
  private static let epochOffset: Int64 = 946_684_800 * 1_000_000

  let microsecondsSince1970: Int64

  init(_ date: Date) {
    microsecondsSince1970 = StoredValue.microseconds(date)
  }

  var date: Date { StoredValue.date(microseconds: microsecondsSince1970) }

  static var psqlType: PostgresDataType { .timestamptz }
  static var psqlFormat: PostgresFormat { .binary }

  func encode<JSONEncoder: PostgresJSONEncoder>(
    into byteBuffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>
  ) {
    // Saturating: a clamped far-future date stays far in the future instead of trapping.
    let (value, overflow) = microsecondsSince1970.subtractingReportingOverflow(Self.epochOffset)
    byteBuffer.writeInteger(overflow ? .min : value)
  }

  init<JSONDecoder: PostgresJSONDecoder>(
    from buffer: inout ByteBuffer, type: PostgresDataType, format: PostgresFormat,
    context: PostgresDecodingContext<JSONDecoder>
  ) throws {
    guard type == .timestamptz || type == .timestamp, format == .binary,
      buffer.readableBytes == 8, let micros = buffer.readInteger(as: Int64.self)
    else { throw PostgresDecodingError.Code.typeMismatch }
    let (value, overflow) = micros.addingReportingOverflow(Self.epochOffset)
    microsecondsSince1970 = overflow ? .max : value
  }
}
