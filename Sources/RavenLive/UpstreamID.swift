import Foundation

/// A story's id, which upstreams write as a number (`7423961`) or as text.
struct UpstreamID: Decodable, Sendable, Hashable {
  let text: String

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Int64.self) {
      text = String(number)
    } else if let string = try? container.decode(String.self) {
      text = string
    } else {
      text = "\(try container.decode(Decimal.self))"
    }
  }
}
