import Foundation

/// MessagePack (https://github.com/msgpack/msgpack/blob/master/spec.md), just what Alpaca's
/// market data stream speaks: nil, booleans, integers, floats, strings, binary, arrays,
/// maps, extensions and the Timestamp extension (type −1). No Swift package for it is
/// available here, so Raven carries this one; its decoder reads untrusted input, so every
/// length, count and depth is bounded and checked before anything is allocated.
enum MessagePackValue: Sendable, Hashable {
  case `nil`
  case bool(Bool)
  case int(Int64)
  case uint(UInt64)
  case double(Double)
  case string(String)
  case binary([UInt8])
  case array([MessagePackValue])
  /// Pairs in order: the stream's messages are maps with string keys.
  case map([MessagePackPair])
  /// The Timestamp extension: seconds since 1970 and nanoseconds (0 to 999,999,999).
  case timestamp(seconds: Int64, nanoseconds: UInt32)
  case ext(type: Int8, data: [UInt8])

  /// `map["key"]` for a map with string keys.
  subscript(key: String) -> MessagePackValue? {
    guard case .map(let pairs) = self else { return nil }
    return pairs.first { $0.key == .string(key) }?.value
  }

  var stringValue: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// A whole number in any of MessagePack's integer forms. (Decoded, a non-negative
  /// number in an unsigned form is `.uint`, whatever wrote it.)
  var integerValue: Int64? {
    switch self {
    case .int(let number): number
    case .uint(let number): Int64(exactly: number)
    default: nil
    }
  }

  /// A map from string keys, in the order given.
  static func object(_ pairs: KeyValuePairs<String, MessagePackValue>) -> MessagePackValue {
    .map(pairs.map { MessagePackPair(key: .string($0.key), value: $0.value) })
  }

  static func timestamp(_ date: Date) -> MessagePackValue {
    let seconds = date.timeIntervalSince1970.rounded(.down)
    let nanoseconds = ((date.timeIntervalSince1970 - seconds) * 1e9).rounded()
    return .timestamp(
      seconds: Int64(seconds), nanoseconds: UInt32(min(max(nanoseconds, 0), 999_999_999)))
  }
}

struct MessagePackPair: Sendable, Hashable {
  var key: MessagePackValue
  var value: MessagePackValue
}

enum MessagePackError: Error, Hashable {
  /// The bytes end inside a value.
  case truncated
  /// A byte that starts no value MessagePack defines (0xc1).
  case invalidType(UInt8)
  /// A string that is not UTF-8.
  case invalidString
  /// A Timestamp extension of a length the spec does not give, or nanoseconds ≥ 10⁹.
  case invalidTimestamp
  /// A length, count or nesting beyond the decoder's limits.
  case tooLarge
  /// Bytes after the value.
  case trailingBytes
}

/// Writes values as MessagePack, each in its shortest form.
struct MessagePackEncoder {
  private(set) var bytes: [UInt8] = []

  static func encode(_ value: MessagePackValue) -> [UInt8] {
    var encoder = MessagePackEncoder()
    encoder.write(value)
    return encoder.bytes
  }

  mutating func write(_ value: MessagePackValue) {
    switch value {
    case .nil: bytes.append(0xc0)
    case .bool(let flag): bytes.append(flag ? 0xc3 : 0xc2)
    case .int(let number) where number >= 0: writeUnsigned(UInt64(number))
    case .int(let number): writeNegative(number)
    case .uint(let number): writeUnsigned(number)
    case .double(let number):
      bytes.append(0xcb)
      append(number.bitPattern)
    case .string(let text):
      let utf8 = Array(text.utf8)
      writeHeader(utf8.count, fix: (0xa0, 31), sized: (0xd9, 0xda, 0xdb))
      bytes += utf8
    case .binary(let data):
      writeHeader(data.count, fix: nil, sized: (0xc4, 0xc5, 0xc6))
      bytes += data
    case .array(let items):
      writeHeader(items.count, fix: (0x90, 15), sized: nil)
      for item in items { write(item) }
    case .map(let pairs):
      writeHeader(pairs.count, fix: (0x80, 15), sized: nil)
      for pair in pairs {
        write(pair.key)
        write(pair.value)
      }
    case .timestamp(let seconds, let nanoseconds):
      if nanoseconds == 0, (0...Int64(UInt32.max)).contains(seconds) {
        bytes += [0xd6, 0xff]
        append(UInt32(seconds))
      } else if (0..<(Int64(1) << 34)).contains(seconds) {
        bytes += [0xd7, 0xff]
        append(UInt64(nanoseconds) << 34 | UInt64(seconds))
      } else {
        bytes += [0xc7, 12, 0xff]
        append(nanoseconds)
        append(UInt64(bitPattern: seconds))
      }
    case .ext(let type, let data):
      switch data.count {
      case 1: bytes.append(0xd4)
      case 2: bytes.append(0xd5)
      case 4: bytes.append(0xd6)
      case 8: bytes.append(0xd7)
      case 16: bytes.append(0xd8)
      default: writeHeader(data.count, fix: nil, sized: (0xc7, 0xc8, 0xc9))
      }
      bytes.append(UInt8(bitPattern: type))
      bytes += data
    }
  }

  private mutating func writeUnsigned(_ number: UInt64) {
    switch number {
    case 0...0x7f: bytes.append(UInt8(number))
    case 0...0xff: bytes += [0xcc, UInt8(number)]
    case 0...0xffff:
      bytes.append(0xcd)
      append(UInt16(number))
    case 0...0xffff_ffff:
      bytes.append(0xce)
      append(UInt32(number))
    default:
      bytes.append(0xcf)
      append(number)
    }
  }

  private mutating func writeNegative(_ number: Int64) {
    switch number {
    case -32..<0: bytes.append(UInt8(bitPattern: Int8(number)))
    case Int64(Int8.min)..<0: bytes += [0xd0, UInt8(bitPattern: Int8(number))]
    case Int64(Int16.min)..<0:
      bytes.append(0xd1)
      append(UInt16(bitPattern: Int16(number)))
    case Int64(Int32.min)..<0:
      bytes.append(0xd2)
      append(UInt32(bitPattern: Int32(number)))
    default:
      bytes.append(0xd3)
      append(UInt64(bitPattern: number))
    }
  }

  /// A length or count: in the fix form's low bits when it fits, else 8, 16 or 32 bits
  /// after the sized forms' bytes (arrays and maps have no 8-bit form).
  private mutating func writeHeader(
    _ count: Int, fix: (base: UInt8, maximum: Int)?, sized: (UInt8, UInt8, UInt8)?
  ) {
    if let fix, count <= fix.maximum {
      bytes.append(fix.base | UInt8(count))
    } else if let sized, count <= 0xff {
      bytes += [sized.0, UInt8(count)]
    } else if count <= 0xffff {
      bytes.append(sized?.1 ?? (fix?.base == 0x90 ? 0xdc : 0xde))
      append(UInt16(count))
    } else {
      bytes.append(sized?.2 ?? (fix?.base == 0x90 ? 0xdd : 0xdf))
      append(UInt32(count))
    }
  }

  private mutating func append<Number: FixedWidthInteger>(_ number: Number) {
    withUnsafeBytes(of: number.bigEndian) { bytes += $0 }
  }
}

/// Reads one MessagePack value from untrusted bytes, within limits.
struct MessagePackDecoder {
  struct Limits: Sendable {
    /// Deepest nesting of arrays and maps.
    var depth = 16
    /// Most elements in an array or pairs in a map, and most bytes in a string or binary.
    var count = 4_096
  }

  private let bytes: [UInt8]
  private var offset = 0
  private let limits: Limits

  static func decode(_ bytes: [UInt8], limits: Limits = Limits()) throws(MessagePackError)
    -> MessagePackValue
  {
    var decoder = MessagePackDecoder(bytes: bytes, limits: limits)
    let value = try decoder.read(depth: 0)
    guard decoder.offset == bytes.count else { throw .trailingBytes }
    return value
  }

  private init(bytes: [UInt8], limits: Limits) {
    self.bytes = bytes
    self.limits = limits
  }

  private mutating func read(depth: Int) throws(MessagePackError) -> MessagePackValue {
    let byte = try take(1)[0]
    switch byte {
    case 0x00...0x7f: return .uint(UInt64(byte))
    case 0x80...0x8f: return try readMap(Int(byte & 0x0f), depth: depth)
    case 0x90...0x9f: return try readArray(Int(byte & 0x0f), depth: depth)
    case 0xa0...0xbf: return try readString(Int(byte & 0x1f))
    case 0xc0: return .nil
    case 0xc2: return .bool(false)
    case 0xc3: return .bool(true)
    case 0xc4: return .binary(try take(try count(UInt8.self)))
    case 0xc5: return .binary(try take(try count(UInt16.self)))
    case 0xc6: return .binary(try take(try count(UInt32.self)))
    case 0xc7: return try readExt(length: try count(UInt8.self))
    case 0xc8: return try readExt(length: try count(UInt16.self))
    case 0xc9: return try readExt(length: try count(UInt32.self))
    case 0xca: return .double(Double(Float(bitPattern: try number(UInt32.self))))
    case 0xcb: return .double(Double(bitPattern: try number(UInt64.self)))
    case 0xcc: return .uint(UInt64(try number(UInt8.self)))
    case 0xcd: return .uint(UInt64(try number(UInt16.self)))
    case 0xce: return .uint(UInt64(try number(UInt32.self)))
    case 0xcf: return .uint(try number(UInt64.self))
    case 0xd0: return .int(Int64(Int8(bitPattern: try number(UInt8.self))))
    case 0xd1: return .int(Int64(Int16(bitPattern: try number(UInt16.self))))
    case 0xd2: return .int(Int64(Int32(bitPattern: try number(UInt32.self))))
    case 0xd3: return .int(Int64(bitPattern: try number(UInt64.self)))
    case 0xd4: return try readExt(length: 1)
    case 0xd5: return try readExt(length: 2)
    case 0xd6: return try readExt(length: 4)
    case 0xd7: return try readExt(length: 8)
    case 0xd8: return try readExt(length: 16)
    case 0xd9: return try readString(try count(UInt8.self))
    case 0xda: return try readString(try count(UInt16.self))
    case 0xdb: return try readString(try count(UInt32.self))
    case 0xdc: return try readArray(try count(UInt16.self), depth: depth)
    case 0xdd: return try readArray(try count(UInt32.self), depth: depth)
    case 0xde: return try readMap(try count(UInt16.self), depth: depth)
    case 0xdf: return try readMap(try count(UInt32.self), depth: depth)
    case 0xe0...0xff: return .int(Int64(Int8(bitPattern: byte)))
    default: throw .invalidType(byte)
    }
  }

  private mutating func readArray(_ count: Int, depth: Int) throws(MessagePackError)
    -> MessagePackValue
  {
    guard depth < limits.depth, count <= limits.count else { throw .tooLarge }
    var items: [MessagePackValue] = []
    items.reserveCapacity(min(count, bytes.count - offset))
    for _ in 0..<count { items.append(try read(depth: depth + 1)) }
    return .array(items)
  }

  private mutating func readMap(_ count: Int, depth: Int) throws(MessagePackError)
    -> MessagePackValue
  {
    guard depth < limits.depth, count <= limits.count else { throw .tooLarge }
    var pairs: [MessagePackPair] = []
    pairs.reserveCapacity(min(count, (bytes.count - offset) / 2))
    for _ in 0..<count {
      let key = try read(depth: depth + 1)
      pairs.append(MessagePackPair(key: key, value: try read(depth: depth + 1)))
    }
    return .map(pairs)
  }

  private mutating func readString(_ length: Int) throws(MessagePackError) -> MessagePackValue {
    guard let text = String(validating: try take(length), as: UTF8.self) else {
      throw .invalidString
    }
    return .string(text)
  }

  private mutating func readExt(length: Int) throws(MessagePackError) -> MessagePackValue {
    let type = Int8(bitPattern: try take(1)[0])
    let data = try take(length)
    guard type == -1 else { return .ext(type: type, data: data) }
    var reader = MessagePackDecoder(bytes: data, limits: limits)
    switch length {
    case 4:
      return .timestamp(seconds: Int64(try reader.number(UInt32.self)), nanoseconds: 0)
    case 8:
      let packed = try reader.number(UInt64.self)
      let nanoseconds = UInt32(packed >> 34)
      guard nanoseconds < 1_000_000_000 else { throw .invalidTimestamp }
      return .timestamp(seconds: Int64(packed & 0x3_ffff_ffff), nanoseconds: nanoseconds)
    case 12:
      let nanoseconds = try reader.number(UInt32.self)
      guard nanoseconds < 1_000_000_000 else { throw .invalidTimestamp }
      return .timestamp(
        seconds: Int64(bitPattern: try reader.number(UInt64.self)), nanoseconds: nanoseconds)
    default:
      throw .invalidTimestamp
    }
  }

  /// A length or count, checked against the limits before anything is read or allocated.
  private mutating func count<Number: FixedWidthInteger & UnsignedInteger>(_: Number.Type)
    throws(MessagePackError) -> Int
  {
    let value = try number(Number.self)
    guard value <= limits.count else { throw .tooLarge }
    return Int(value)
  }

  private mutating func number<Number: FixedWidthInteger>(_: Number.Type)
    throws(MessagePackError) -> Number
  {
    var value: Number = 0
    for byte in try take(MemoryLayout<Number>.size) { value = value << 8 | Number(byte) }
    return value
  }

  private mutating func take(_ count: Int) throws(MessagePackError) -> [UInt8] {
    guard count <= bytes.count - offset else { throw .truncated }
    defer { offset += count }
    return Array(bytes[offset..<offset + count])
  }
}
