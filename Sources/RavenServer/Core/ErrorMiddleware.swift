import Foundation
import Hummingbird
import Logging
import NIOCore
import RavenBrokerage
import RavenCore
import RavenMarketData
import RavenStore

/// Turns every error a handler throws into a response in the API's error shape with a
/// fitting status. Bad input is a 4xx with a clear message; only a real fault is a 500,
/// and its detail goes to the log, not to the client. Returning a response (rather than
/// rethrowing) lets the middlewares outside it, such as the security headers, see it.
struct ErrorMiddleware: RouterMiddleware {
  typealias Context = RavenRequestContext

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch {
      // A path under Alpaca's API that no route answers (a method it does not take, say)
      // answers in Alpaca's shape, as its routes do: an SDK reads its `code`.
      if AlpacaError.isAlpacaPath(request.uri.path) {
        return try AlpacaError.from(error, logger: context.logger).response(
          from: request, context: context)
      }
      let apiError = (error as? APIError) ?? Self.apiError(for: error, logger: context.logger)
      return try apiError.response(from: request, context: context)
    }
  }

  static func apiError(for error: any Error, logger: Logger) -> APIError {
    switch error {
    case let error as OrderError:
      return orderError(error)
    case let error as TradeError:
      return tradeError(error)
    case let error as GoalError:
      return .validation(error.code, error.message)
    case let error as TransferError:
      return transferError(error)
    case let error as MarketDataError:
      return marketError(error)
    case let error as BrokerageError:
      return brokerageError(error, logger: logger)
    case let error as StoreError:
      return storeError(error, logger: logger)
    case is DecodingError:
      return .badRequest(decodingMessage(error), code: "invalid_body")
    case is NIOTooManyBytesError:
      // A body sent without a Content-Length (chunked) and found too large while read.
      return APIError(
        .contentTooLarge, code: "body_too_large", message: "The request body is too large")
    case let error as HTTPError:
      return httpError(error)
    default:
      logger.error("Unexpected error", metadata: ["error": "\(error)"])
      return APIError(.internalServerError, code: "internal_error", message: "Something went wrong")
    }
  }

  static func tradeError(_ error: TradeError) -> APIError {
    switch error {
    case .unknownSymbol: APIError(.notFound, code: error.code, message: error.message)
    case .noPrice: APIError(.serviceUnavailable, code: error.code, message: error.message)
    case .invalidAmount, .nonPositiveBuy, .nonPositiveSell, .insufficientFunds,
      .insufficientShares:
      .validation(error.code, error.message)
    }
  }

  /// A bad amount or too little free cash is a 422; a linked account's money is not
  /// Raven's to move, a 409.
  static func transferError(_ error: TransferError) -> APIError {
    switch error {
    case .invalidAmount, .insufficientFunds: .validation(error.code, error.message)
    case .linkedAccount: APIError(.conflict, code: error.code, message: error.message)
    }
  }

  /// Every refusal of an order is a 422 with its stable code (an unknown symbol too, as
  /// Alpaca answers it, so a bot sees the same status on both).
  static func orderError(_ error: OrderError) -> APIError {
    .validation(error.code, error.message)
  }

  static func storeError(_ error: StoreError, logger: Logger) -> APIError {
    switch error {
    case .order(let order): return orderError(order)
    case .goal(let goal): return .validation(goal.code, goal.message)
    case .transfer(let transfer): return transferError(transfer)
    case .notFound: return .notFound
    case .usernameTaken:
      return APIError(.conflict, code: "username_taken", message: "That username is taken")
    case .accountNameTaken:
      return APIError(
        .conflict, code: "name_taken", message: "You already have an account with that name")
    case .tooManyAccounts:
      return APIError(
        .conflict, code: "too_many_accounts",
        message: "You have \(AccountRules.maximumOpenAccounts) open accounts, the most you may")
    case .openOrders:
      return APIError(
        .conflict, code: "open_orders",
        message: "Cancel the account's open orders before closing it")
    case .lastAccount:
      return APIError(
        .conflict, code: "last_account", message: "Your last open account cannot be closed")
    case .accountClosed:
      return APIError(
        .conflict, code: "account_closed", message: "The account is closed: it takes no orders")
    case .unstorable:
      return .validation("value_out_of_range", "A value is too large to keep")
    case .minuteVolumeTaken:
      // Accounts place such an order again, unmatched; only a store used directly says so.
      return APIError(
        .conflict, code: "minute_volume_taken",
        message: "Other orders took the minute's volume first; try again")
    case .corrupt, .unavailable:
      logger.error("Store failure", metadata: ["error": "\(error)"])
      return APIError(
        .serviceUnavailable, code: "database_unavailable",
        message: "The database is unavailable; try again shortly")
    }
  }

  static func marketError(_ error: MarketDataError) -> APIError {
    switch error {
    case .unknownSymbol(let symbol): .unknownSymbol(symbol.rawValue)
    case .noData: APIError(.notFound, code: error.code, message: error.message)
    case .invalidRequest: .badRequest(error.message, code: error.code)
    case .rateLimited: .tooManyRequests(retryAfter: 5, message: error.message)
    case .unsupported, .unsupportedRequest, .unservedInstant, .unavailable:
      APIError(.serviceUnavailable, code: error.code, message: error.message)
    }
  }

  private static func httpError(_ error: HTTPError) -> APIError {
    // HummingbirdAuth's IsAuthenticatedMiddleware refuses with a bare 401.
    if error.status == .unauthorized, error.body == nil { return .unauthorized }
    let code: String =
      switch error.status {
      case .notFound: "not_found"
      case .contentTooLarge: "body_too_large"
      case .unauthorized: "unauthorized"
      case .methodNotAllowed: "method_not_allowed"
      case .unsupportedMediaType: "unsupported_media_type"
      default: error.status.code < 500 ? "bad_request" : "internal_error"
      }
    let message =
      error.status == .contentTooLarge
      ? "The request body is larger than 64 KiB"
      : (error.body ?? error.status.reasonPhrase)
    return APIError(error.status, code: code, message: message, headers: error.headers)
  }

  private static func decodingMessage(_ error: any Error) -> String {
    switch error as? DecodingError {
    case .keyNotFound(let key, _): "Missing field \"\(key.stringValue)\""
    case .typeMismatch(_, let context), .valueNotFound(_, let context),
      .dataCorrupted(let context):
      context.codingPath.isEmpty
        ? "The body is not valid JSON"
        : "Invalid \"\(context.codingPath.map(\.stringValue).joined(separator: "."))\": "
          + context.debugDescription
    default: "The body is not valid JSON"
    }
  }
}
