import AlpacaWire
import Foundation
import Hummingbird

extension FakeUpstream {
  /// Alpaca's error answer, `{"code": 40110000, "message": "request is not authorized"}`.
  static func alpacaError(_ status: HTTPResponse.Status, _ code: Int, _ message: String)
    -> Response
  {
    alpaca(AlpacaErrorBody(code: code, message: message), status: status)
  }

  /// `value` in Alpaca's JSON, keys sorted.
  static func alpaca(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
    json(
      String(decoding: try! AlpacaJSON.encode(value, sortingKeys: true), as: UTF8.self),
      status: status)
  }
}
