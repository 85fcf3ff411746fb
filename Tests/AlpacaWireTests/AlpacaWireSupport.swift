import AlpacaWire
import Foundation
import Testing

/// `value` written as Alpaca's JSON and read back.
func roundTrip<Value: Codable>(_ value: Value) throws -> Value {
  try AlpacaJSON.decode(Value.self, from: try AlpacaJSON.encode(value))
}

/// `value` written as Alpaca's JSON, as an object to look into.
func written(_ value: some Encodable) throws -> [String: Any] {
  try #require(
    try JSONSerialization.jsonObject(with: try AlpacaJSON.encode(value)) as? [String: Any])
}

/// `json` read as `Value`.
func read<Value: Decodable>(_ type: Value.Type, _ json: String) throws -> Value {
  try AlpacaJSON.decode(type, from: Array(json.utf8))
}
