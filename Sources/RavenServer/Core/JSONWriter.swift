import Foundation
import NIOCore

/// Writes JSON straight into bytes, for the few hot responses where `JSONEncoder` (a
/// dictionary and a nested encoder per object) costs more than everything else the
/// request does. It writes what `JSONEncoder` writes for the same values: strings
/// escaped the same way (`/` included), dates as ISO-8601 seconds.
struct JSONWriter {
  private var bytes: [UInt8] = []
  /// Whether the object or array being written already has a member (one per level).
  private var hasMember: [Bool] = []

  init(capacity: Int = 1_024) {
    bytes.reserveCapacity(capacity)
    hasMember.reserveCapacity(4)
  }

  /// What was written.
  var buffer: ByteBuffer { ByteBuffer(bytes: bytes) }

  mutating func beginObject() {
    separate()
    bytes.append(UInt8(ascii: "{"))
    hasMember.append(false)
  }

  mutating func endObject() {
    hasMember.removeLast()
    bytes.append(UInt8(ascii: "}"))
  }

  mutating func beginArray() {
    separate()
    bytes.append(UInt8(ascii: "["))
    hasMember.append(false)
  }

  mutating func endArray() {
    hasMember.removeLast()
    bytes.append(UInt8(ascii: "]"))
  }

  /// A member's key; its value comes next.
  mutating func key(_ key: String) {
    separate()
    writeString(key)
    bytes.append(UInt8(ascii: ":"))
    // The value that follows belongs to this member: no comma before it.
    hasMember[hasMember.count - 1] = false
  }

  mutating func string(_ value: String) {
    separate()
    writeString(value)
  }

  mutating func field(_ name: String, _ value: String) {
    key(name)
    string(value)
  }

  /// A date as `JSONEncoder`'s `.iso8601` strategy writes it (`2026-11-20T15:30:00Z`).
  mutating func field(_ name: String, _ date: Date) {
    key(name)
    string(date.formatted(.iso8601))
  }

  private mutating func separate() {
    guard let last = hasMember.indices.last else { return }
    if hasMember[last] { bytes.append(UInt8(ascii: ",")) }
    hasMember[last] = true
  }

  private mutating func writeString(_ text: String) {
    var text = text
    text.withUTF8 { utf8 in
      bytes.append(UInt8(ascii: "\""))
      if utf8.contains(where: Self.needsEscape) {
        for byte in utf8 { writeEscaped(byte) }
      } else {
        bytes.append(contentsOf: utf8)
      }
      bytes.append(UInt8(ascii: "\""))
    }
  }

  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
      || byte == UInt8(ascii: "/")
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  private mutating func writeEscaped(_ byte: UInt8) {
    switch byte {
    case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
    case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
    case UInt8(ascii: "/"): bytes.append(contentsOf: #"\/"#.utf8)
    case 0x08: bytes.append(contentsOf: #"\b"#.utf8)
    case 0x0C: bytes.append(contentsOf: #"\f"#.utf8)
    case UInt8(ascii: "\n"): bytes.append(contentsOf: #"\n"#.utf8)
    case UInt8(ascii: "\r"): bytes.append(contentsOf: #"\r"#.utf8)
    case UInt8(ascii: "\t"): bytes.append(contentsOf: #"\t"#.utf8)
    case ..<0x20:
      bytes.append(contentsOf: #"\u00"#.utf8)
      bytes.append(Self.hexDigits[Int(byte >> 4)])
      bytes.append(Self.hexDigits[Int(byte & 0x0F)])
    default: bytes.append(byte)
    }
  }
}
