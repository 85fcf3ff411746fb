import Foundation
import HTTPTypes
import Hummingbird
import RavenAPI
import RavenBrokerage
import RavenCore

/// Deposits and withdrawals: cash from outside an account, which its performance figures
/// count as flows, not as return.
struct TransfersController {
  let accounts: AccountDirectory

  func addRoutes(to group: RouterGroup<RavenRequestContext>) {
    group.post("/portfolio/transfers", use: transfer)
    group.get("/portfolio/transfers", use: list)
  }

  @Sendable func transfer(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<TransferReceiptBody>
  {
    let user = try context.requireUser()
    let body = try await context.requestDecoder.decode(
      TransferRequest.self, from: request, context: context)
    guard let direction = Transfer.Direction(rawValue: body.direction.lowercased()) else {
      throw APIError.badRequest(
        "direction must be \"deposit\" or \"withdrawal\"", code: "invalid_direction")
    }
    let key = try request.idempotencyKey()
    let amount = try TransferAmount(body.amount)
    let account = try await accounts.account(of: user, in: request)
    let signed = amount.signed(direction)
    let receipt = try await account.transfer(signed, idempotencyKey: key)
    if receipt.isReplay, receipt.transfer.amount != signed {
      let first = receipt.transfer
      throw APIError.idempotencyKeyReused(
        firstWas: "a \(first.direction.rawValue) of $\(first.amount.magnitude)")
    }
    var headers = HTTPFields()
    if receipt.isReplay { headers[.init("Idempotent-Replayed")!] = "true" }
    return JSONBody(
      TransferReceiptBody(transfer: TransferBody(receipt.transfer), cash: receipt.cash),
      status: .created, headers: headers)
  }

  @Sendable func list(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<TransfersBody>
  {
    let user = try context.requireUser()
    let account = try await accounts.account(of: user, in: request, forReading: true)
    return JSONBody(TransfersBody(transfers: try await account.transfers().map(TransferBody.init)))
  }
}
