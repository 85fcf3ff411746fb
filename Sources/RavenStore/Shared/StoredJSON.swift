import Foundation
import RavenCore

/// How JSON values are stored (an order in its row's `body`, the market's clock in
/// `market_state`): their own JSON, with times as whole microseconds since 1970 (what the
/// stores keep), so they read back exactly.
package enum StoredJSON {
  /// An order's `body` column (`StoredOrderBody`, not the API's `Order`).
  package static func encode(_ order: Order) throws(StoreError) -> String {
    try encode(try StoredOrderBody(order), "the order")
  }

  package static func decode(_ text: String) throws(StoreError) -> Order {
    try decode(StoredOrderBody.self, text, column: "body").order()
  }

  /// Any value as stored JSON, times in microseconds as the columns keep them.
  package static func encode(_ value: some Encodable, _ what: String) throws(StoreError) -> String {
    do {
      return String(decoding: try encoder.encode(value), as: UTF8.self)
    } catch {
      throw .unstorable(column: what)
    }
  }

  package static func decode<Value: Decodable>(_ type: Value.Type, _ text: String, column: String)
    throws(StoreError) -> Value
  {
    do {
      return try decoder.decode(type, from: Data(text.utf8))
    } catch {
      throw StoredValue.corrupt(column, text)
    }
  }

  private static let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(StoredValue.microseconds(date))
    }
    return encoder
  }()

  private static let decoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      StoredValue.date(microseconds: try decoder.singleValueContainer().decode(Int64.self))
    }
    return decoder
  }()
}
