/// An optional key Alpaca always writes, `null` when there is no value (an order's
/// `filled_at`, a page's `next_page_token`). Read as strictly as any optional: a missing
/// key or `null` is `nil`, a value of another type fails.
@propertyWrapper
public struct Nullable<Value: Codable>: Codable {
  public var wrappedValue: Value?

  public init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }
  public init() { wrappedValue = nil }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
  }
}

/// A key Alpaca always writes (`null` when there is no value) that Raven reads leniently:
/// missing, `null` or a value it cannot read are all `nil`, so that one odd field does not
/// spoil an answer whose reader has a fallback for it (or does not read it at all).
@propertyWrapper
public struct Lenient<Value: Codable>: Codable {
  public var wrappedValue: Value?

  public init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }
  public init() { wrappedValue = nil }

  public init(from decoder: any Decoder) throws {
    wrappedValue = try? decoder.singleValueContainer().decode(Value.self)
  }

  public func encode(to encoder: any Encoder) throws {
    try Nullable(wrappedValue: wrappedValue).encode(to: encoder)
  }
}

/// A list Alpaca writes as `null` when it is empty (`"bars": null`); the key itself must be
/// there, or the answer is not the one documented. Written as the list, `[]` when empty.
@propertyWrapper
public struct NullAsEmpty<Element: Codable>: Codable {
  public var wrappedValue: [Element]

  public init(wrappedValue: [Element]) { self.wrappedValue = wrappedValue }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    wrappedValue = container.decodeNil() ? [] : try container.decode([Element].self)
  }

  public func encode(to encoder: any Encoder) throws { try wrappedValue.encode(to: encoder) }
}

/// A value Raven only notices (a bracket's `take_profit`): any JSON but `null` reads as one.
/// Raven refuses such orders, so it keeps nothing of it; it is written as `{}`.
public struct AlpacaOpaque: Codable, Hashable, Sendable {
  public init() {}
  public init(from decoder: any Decoder) throws {}
  public func encode(to encoder: any Encoder) throws {
    _ = encoder.container(keyedBy: NoKeys.self)
  }

  private enum NoKeys: CodingKey {}
}

extension Nullable: Equatable where Value: Equatable {}
extension Nullable: Hashable where Value: Hashable {}
extension Nullable: Sendable where Value: Sendable {}
extension Lenient: Equatable where Value: Equatable {}
extension Lenient: Hashable where Value: Hashable {}
extension Lenient: Sendable where Value: Sendable {}
extension NullAsEmpty: Equatable where Element: Equatable {}
extension NullAsEmpty: Hashable where Element: Hashable {}
extension NullAsEmpty: Sendable where Element: Sendable {}

extension KeyedDecodingContainer {
  /// A missing key is `nil`, as for an optional.
  public func decode<Value>(_ type: Nullable<Value>.Type, forKey key: Key) throws
    -> Nullable<Value>
  {
    Nullable(wrappedValue: try decodeIfPresent(Value.self, forKey: key))
  }

  /// A missing key is `nil`, as for an optional.
  public func decode<Value>(_ type: Lenient<Value>.Type, forKey key: Key) throws
    -> Lenient<Value>
  {
    Lenient(wrappedValue: try? decodeIfPresent(Value.self, forKey: key))
  }
}
