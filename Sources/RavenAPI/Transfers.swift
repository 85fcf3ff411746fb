import Foundation
import RavenCore

/// `POST /api/v1/portfolio/transfers`: money into or out of the account from outside it.
public struct TransferRequest: Sendable, Hashable, Codable {
  /// Dollars and cents, more than zero, at most $10,000,000 (`TransferAmount`); read
  /// whether sent as a string or a number.
  public var amount: String
  /// `deposit` or `withdrawal`.
  public var direction: String

  public init(amount: String, direction: String) {
    self.amount = amount
    self.direction = direction
  }

  enum CodingKeys: String, CodingKey { case amount, direction }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if let text = try? container.decode(String.self, forKey: .amount) {
      amount = text
    } else if let number = try? container.decode(Decimal.self, forKey: .amount) {
      amount = "\(number)"
    } else {
      amount = ""
    }
    direction = (try? container.decode(String.self, forKey: .direction)) ?? ""
  }
}

/// One deposit or withdrawal, its amount unsigned.
public struct TransferBody: Sendable, Hashable, Codable {
  public var id: String
  public var direction: Transfer.Direction
  public var amount: Money
  public var time: Date

  public init(_ transfer: Transfer) {
    id = String(transfer.id)
    direction = transfer.direction
    amount = transfer.direction == .deposit ? transfer.amount : .zero - transfer.amount
    time = transfer.time
  }
}

/// The answer to a transfer: it, and the account's cash after it.
public struct TransferReceiptBody: Sendable, Hashable, Codable {
  public var transfer: TransferBody
  public var cash: Money

  public init(transfer: TransferBody, cash: Money) {
    self.transfer = transfer
    self.cash = cash
  }
}

/// `GET /api/v1/portfolio/transfers`: the account's deposits and withdrawals, oldest first.
public struct TransfersBody: Sendable, Hashable, Codable {
  public var transfers: [TransferBody]

  public init(transfers: [TransferBody]) {
    self.transfers = transfers
  }
}
