import Foundation

/// Writing Alpaca's scalars straight into their keyed container: `JSONEncoder` writes a
/// `String`, a number or `nil` given as such in place, but gives any other `Encodable` (an
/// `AlpacaTime`, a `Lenient` field, a value of a generic type) an encoder of its own, which
/// made an order several times slower to write. The JSON is the same either way.
extension KeyedEncodingContainer {
  public mutating func encode(_ value: AlpacaTime, forKey key: Key) throws {
    try encode(value.rawValue, forKey: key)
  }

  public mutating func encodeIfPresent(_ value: AlpacaTime?, forKey key: Key) throws {
    if let value { try encode(value.rawValue, forKey: key) }
  }

  public mutating func encode(_ value: AlpacaAmount, forKey key: Key) throws {
    switch value {
    case .text(let text): try encode(text, forKey: key)
    case .number(let number): try encode(number, forKey: key)
    }
  }

  public mutating func encodeIfPresent(_ value: AlpacaAmount?, forKey key: Key) throws {
    if let value { try encode(value, forKey: key) }
  }

  public mutating func encode<Value>(_ value: Lenient<Value>, forKey key: Key) throws {
    try encodeScalar(value.wrappedValue, forKey: key)
  }

  public mutating func encode<Value>(_ value: Nullable<Value>, forKey key: Key) throws {
    try encodeScalar(value.wrappedValue, forKey: key)
  }

  /// `value`, or `null`.
  private mutating func encodeScalar<Value: Encodable>(_ value: Value?, forKey key: Key) throws {
    switch value {
    case nil: try encodeNil(forKey: key)
    case let text as String: try encode(text, forKey: key)
    case let flag as Bool: try encode(flag, forKey: key)
    case let number as Int: try encode(number, forKey: key)
    case let number as Decimal: try encode(number, forKey: key)
    case let time as AlpacaTime: try encode(time, forKey: key)
    case let amount as AlpacaAmount: try encode(amount, forKey: key)
    case let value?: try encode(value, forKey: key)
    }
  }
}
