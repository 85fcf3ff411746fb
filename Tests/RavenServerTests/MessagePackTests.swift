import Foundation
import Testing

@testable import RavenServer

/// The MessagePack codec of Alpaca's data stream: the spec's bytes, round trips, and a
/// decoder that survives any input.
@Suite("MessagePack")
struct MessagePackTests {
  @Test(
    "values encode to the spec's shortest bytes",
    arguments: [
      (MessagePackValue.nil, [0xc0]), (.bool(true), [0xc3]), (.uint(1), [0x01]),
      (.int(-1), [0xff]), (.int(-33), [0xd0, 0xdf]), (.uint(256), [0xcd, 0x01, 0x00]),
      (.string("a"), [0xa1, 0x61]), (.array([.uint(1), .uint(2)]), [0x92, 0x01, 0x02]),
      (.object(["T": .string("t")]), [0x81, 0xa1, 0x54, 0xa1, 0x74]),
      (.timestamp(seconds: 1, nanoseconds: 0), [0xd6, 0xff, 0x00, 0x00, 0x00, 0x01]),
      (.double(1.5), [0xcb, 0x3f, 0xf8, 0, 0, 0, 0, 0, 0]),
    ] as [(MessagePackValue, [UInt8])])
  func specBytes(value: MessagePackValue, bytes: [UInt8]) throws {
    #expect(MessagePackEncoder.encode(value) == bytes)
    #expect(try MessagePackDecoder.decode(bytes) == value)
  }

  @Test("a timestamp keeps its nanoseconds in the 64- and 96-bit forms")
  func timestamps() throws {
    for value in [
      MessagePackValue.timestamp(seconds: 1_795_190_400, nanoseconds: 123_456_789),
      .timestamp(seconds: -1, nanoseconds: 5), .timestamp(seconds: 1 << 40, nanoseconds: 0),
    ] {
      #expect(try MessagePackDecoder.decode(MessagePackEncoder.encode(value)) == value)
    }
    #expect(
      MessagePackValue.timestamp(Date(timeIntervalSince1970: 1_795_190_400.25))
        == .timestamp(seconds: 1_795_190_400, nanoseconds: 250_000_000))
  }

  @Test("random values round trip exactly (2,000 of them, seeded)")
  func roundTrips() throws {
    var random = SplitMix(seed: 13)
    for _ in 0..<2_000 {
      let value = random.value(depth: 0)
      let decoded = try MessagePackDecoder.decode(MessagePackEncoder.encode(value))
      #expect(decoded == value, "\(value)")
    }
  }

  @Test("any bytes decode or are refused, never a crash (20,000 inputs, seeded)")
  func fuzz() {
    var random = SplitMix(seed: 7)
    for _ in 0..<20_000 {
      var bytes = (0..<random.int(0...48)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      // Half start from a valid message, mutated, to reach deeper into the decoder.
      if random.int(0...1) == 0 {
        bytes = MessagePackEncoder.encode(random.value(depth: 0))
        for _ in 0..<random.int(1...3) where !bytes.isEmpty {
          bytes[random.int(0...(bytes.count - 1))] = UInt8(truncatingIfNeeded: random.next())
        }
      }
      _ = try? MessagePackDecoder.decode(bytes)
    }
  }

  @Test("hostile lengths, counts and nesting are refused before anything is allocated")
  func limits() {
    let hostile: [([UInt8], MessagePackError)] = [
      ([0xdd, 0xff, 0xff, 0xff, 0xff], .tooLarge),  // an array of 4 billion
      ([0xdb, 0x7f, 0xff, 0xff, 0xff], .tooLarge),  // a 2 GiB string
      (Array(repeating: 0x91, count: 100) + [0xc0], .tooLarge),  // nesting 100 deep
      ([0xa5, 0x61], .truncated), ([0xc1], .invalidType(0xc1)),
      ([0xa1, 0xff], .invalidString), ([0xc0, 0xc0], .trailingBytes),
      ([0xd5, 0xff, 0x00, 0x00], .invalidTimestamp),
    ]
    for (bytes, error) in hostile {
      #expect(throws: error) { try MessagePackDecoder.decode(bytes) }
    }
  }
}

/// A small seeded generator (SplitMix64), so that every run tests the same inputs.
struct SplitMix {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.count))
  }

  /// A value of every kind, nested up to three deep; no NaN (it equals nothing).
  mutating func value(depth: Int) -> MessagePackValue {
    switch int(0...(depth < 3 ? 10 : 8)) {
    case 0: return .nil
    case 1: return .bool(int(0...1) == 1)
    case 2: return .int(Int64(bitPattern: next()) | Int64.min)  // negative
    case 3: return .uint(next() >> UInt64(int(0...63)))
    case 4: return .double(Double(Int64(bitPattern: next())) / 1_000)
    case 5:
      return .string(
        String((0..<int(0...40)).map { _ in Character(UnicodeScalar(UInt8(int(32...126)))) })
          + (int(0...1) == 0 ? "é€" : ""))
    case 6: return .binary((0..<int(0...300)).map { _ in UInt8(truncatingIfNeeded: next()) })
    case 7:
      return .timestamp(
        seconds: Int64(int(-1_000...5_000_000_000)), nanoseconds: UInt32(int(0...999_999_999)))
    case 8:
      return .ext(
        type: Int8(int(0...100)),
        data: (0..<int(0...20)).map { _ in UInt8(truncatingIfNeeded: next()) })
    case 9: return .array((0..<int(0...20)).map { _ in value(depth: depth + 1) })
    default:
      return .map(
        (0..<int(0...18)).map { _ in
          MessagePackPair(key: .string("k\(int(0...999))"), value: value(depth: depth + 1))
        })
    }
  }
}
