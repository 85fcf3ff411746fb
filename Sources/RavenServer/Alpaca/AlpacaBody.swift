import AlpacaWire
import Hummingbird
import RavenCore
import RavenHTTP

/// A `/v2` answer: `value` in Alpaca's JSON (`AlpacaJSON`), with `status`. A request's
/// body is read by `RavenRequestContext.alpacaBody(_:from:)`.
struct AlpacaBody<Value: Encodable & Sendable>: ResponseGenerator {
  let value: Value
  var status: HTTPResponse.Status = .ok

  init(_ value: Value, status: HTTPResponse.Status = .ok) {
    self.value = value
    self.status = status
  }

  func response(from request: Request, context: some RequestContext) throws -> Response {
    var response = try AlpacaJSON.sharedEncoder.encode(value, from: request, context: context)
    response.status = status
    return response
  }
}

/// A request body with amounts, each of which must read exactly.
protocol AlpacaAmountsBody {
  var amounts: [AlpacaAmount?] { get }
}

extension RavenRequestContext {
  /// The request's body in Alpaca's JSON. An amount that is not a number makes it as
  /// malformed (400) as a body that does not decode, before anything else is checked.
  func alpacaBody<Body: Decodable>(_ type: Body.Type, from request: Request) async throws -> Body {
    let body = try await AlpacaJSON.decoder().decode(type, from: request, context: self)
    for amount in (body as? any AlpacaAmountsBody)?.amounts ?? [] {
      _ = try amount.exact()
    }
    return body
  }
}

extension AlpacaAmount? {
  /// A request's amount, exactly; one that is not a number is a malformed body, as Alpaca's
  /// 400 says.
  func exact() throws -> ExactDecimal? {
    try map { amount in
      guard let exact = amount.exact else {
        throw AlpacaError.badRequest("request body format is invalid")
      }
      return exact
    }
  }
}
