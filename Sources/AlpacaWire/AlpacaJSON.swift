import Foundation

/// How every Alpaca shape travels as JSON: keys in snake_case (`client_order_id`), derived
/// from the shapes' camelCase names by `JSONEncoder`'s and `JSONDecoder`'s key strategies.
/// A shape whose key is not its name in snake_case (`t`, `class`) says so in its
/// `CodingKeys`. Dictionary keys (symbols) are left as they are.
public enum AlpacaJSON {
  /// Writes snake_case keys; `sortingKeys` for requests that should read the same every
  /// time.
  public static func encoder(sortingKeys: Bool = false) -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    if sortingKeys { encoder.outputFormatting = .sortedKeys }
    return encoder
  }

  /// `encoder()`, made once: the `/v2` facade writes every answer with it rather than
  /// making an encoder per response (an encoder is only read while it encodes).
  public static let sharedEncoder = encoder()

  /// Reads snake_case keys.
  public static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return decoder
  }

  public static func encode(_ value: some Encodable, sortingKeys: Bool = false) throws -> Data {
    try encoder(sortingKeys: sortingKeys).encode(value)
  }

  public static func decode<Value: Decodable>(
    _ type: Value.Type, from bytes: some Sequence<UInt8>
  ) throws -> Value {
    try decoder().decode(type, from: Data(bytes))
  }
}
