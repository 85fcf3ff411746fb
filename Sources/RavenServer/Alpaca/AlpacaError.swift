import AlpacaWire
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import RavenBrokerage
import RavenCore
import RavenMarketData
import RavenStore

/// An error as Alpaca's API answers it, the only error body its SDKs read:
/// `{"code": 40310000, "message": "insufficient buying power"}`. The code is the HTTP
/// status followed by `10000`, as Alpaca's usually are.
struct AlpacaError: Error, Sendable, HTTPResponseError {
  let status: HTTPResponse.Status
  let code: Int
  let message: String
  var headers: HTTPFields = [:]

  init(_ status: HTTPResponse.Status, code: Int? = nil, _ message: String) {
    self.status = status
    self.code = code ?? status.code * 100_000 + 10_000
    self.message = message
  }

  func response(from request: Request, context: some RequestContext) throws -> Response {
    var response = try AlpacaJSON.sharedEncoder.encode(body, from: request, context: context)
    response.status = status
    response.headers.append(contentsOf: headers)
    return response
  }

  /// `{"code": 40310000, "message": "…"}`.
  var body: AlpacaErrorBody { AlpacaErrorBody(code: code, message: message) }

  static let unauthorized = AlpacaError(.unauthorized, "request is not authorized")
  static let notFound = AlpacaError(.notFound, "resource not found")
  static let readOnlyKey = AlpacaError(
    .forbidden, "this API key is read-only: it can read data and the account, not place orders")

  static func unprocessable(_ message: String) -> AlpacaError {
    AlpacaError(.unprocessableContent, message)
  }

  static func badRequest(_ message: String) -> AlpacaError {
    AlpacaError(.badRequest, code: 40_010_001, message)
  }

  static func tooManyRequests(retryAfter seconds: Int) -> AlpacaError {
    var error = AlpacaError(.tooManyRequests, "too many requests")
    error.headers[.retryAfter] = String(seconds)
    return error
  }
}

extension AlpacaError {
  /// Any error a `/v2` handler throws, in Alpaca's terms: buying power and shares 403,
  /// a malformed or refused order 422, a missing thing 404; Raven's own failures 5xx
  /// with their detail in the log only.
  static func from(_ error: any Error, logger: Logger) -> AlpacaError {
    switch error {
    case let error as AlpacaError: return error
    case let error as OrderError: return order(error)
    case let error as TradeError: return trade(error)
    case StoreError.order(let error): return order(error)
    case StoreError.notFound: return .notFound
    case StoreError.unstorable: return unprocessable("value is too large")
    case StoreError.goal(let error): return unprocessable(error.message)
    case StoreError.corrupt, StoreError.unavailable:
      logger.error("Store failure", metadata: ["error": "\(error)"])
      return AlpacaError(.serviceUnavailable, "the database is unavailable; try again shortly")
    // The rest of what the store refuses is Raven's own API's answer (a closed account, a
    // name taken…), in Alpaca's shape.
    case let error as StoreError:
      let refusal = ErrorMiddleware.storeError(error, logger: logger)
      return AlpacaError(refusal.status, refusal.message)
    case let error as BrokerageError:
      let refusal = ErrorMiddleware.brokerageError(error, logger: logger)
      return AlpacaError(refusal.status, refusal.message)
    case let error as MarketDataError: return market(error)
    case is DecodingError: return .badRequest("request body format is invalid")
    case is NIOTooManyBytesError: return AlpacaError(.contentTooLarge, "request body too large")
    case let error as APIError:
      return AlpacaError(error.status, error.message)
    case let error as HTTPError:
      return AlpacaError(error.status, error.body ?? error.status.reasonPhrase)
    default:
      logger.error("Unexpected error", metadata: ["error": "\(error)"])
      return AlpacaError(.internalServerError, "internal server error")
    }
  }

  private static func order(_ error: OrderError) -> AlpacaError {
    switch error {
    case .insufficientFunds: AlpacaError(.forbidden, "insufficient buying power")
    case .insufficientShares, .insufficientShortShares:
      AlpacaError(.forbidden, "insufficient qty available for order")
    case .amountTooSmall: AlpacaError(.forbidden, "cost basis must be >= 1")
    case .notShortable: AlpacaError(.forbidden, "asset is not shortable")
    case .fractionalShortSale: AlpacaError(.forbidden, "fractional orders cannot be sold short")
    case .duplicateClientOrderID: unprocessable("client_order_id must be unique")
    case .orderNotCancelable: unprocessable("order is not cancelable")
    case .orderNotReplaceable: unprocessable("order is not replaceable")
    case .unknownSymbol: unprocessable("asset not found")
    default: unprocessable(error.message)
    }
  }

  private static func trade(_ error: TradeError) -> AlpacaError {
    switch error {
    case .insufficientFunds: order(.insufficientFunds)
    case .insufficientShares: order(.insufficientShares)
    case .unknownSymbol: order(.unknownSymbol)
    case .noPrice: AlpacaError(.serviceUnavailable, "no price for the asset right now")
    default: unprocessable(error.message)
    }
  }

  private static func market(_ error: MarketDataError) -> AlpacaError {
    switch error {
    case .unknownSymbol: AlpacaError(.notFound, "asset not found")
    case .noData: .notFound
    case .invalidRequest: AlpacaError(.unprocessableContent, error.message)
    case .rateLimited: .tooManyRequests(retryAfter: 5)
    case .unsupported, .unsupportedRequest, .unservedInstant, .unavailable:
      AlpacaError(.serviceUnavailable, error.message)
    }
  }
}

extension AlpacaError {
  /// Whether `path` is under Alpaca's API (`/v2`, `/v1beta1`), whose every answer is in
  /// Alpaca's shape.
  static func isAlpacaPath(_ path: String) -> Bool {
    path == "/v2" || path.hasPrefix("/v2/") || path == "/v1beta1" || path.hasPrefix("/v1beta1/")
  }
}

/// Renders every error of the routes behind it as Alpaca's error body.
struct AlpacaErrorMiddleware: RouterMiddleware {
  typealias Context = RavenRequestContext

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch {
      return try AlpacaError.from(error, logger: context.logger).response(
        from: request, context: context)
    }
  }
}
