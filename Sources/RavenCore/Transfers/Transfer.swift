import Foundation

/// Money moved into or out of a paper account from outside it: a deposit or a withdrawal.
/// It changes the account's value but is no part of its return (performance figures treat
/// it as an external flow).
public struct Transfer: Sendable, Hashable, Codable, Identifiable {
  public enum Direction: String, Sendable, Hashable, Codable {
    case deposit
    case withdrawal
  }

  public var id: Int64
  public var accountID: AccountID
  /// Positive for a deposit, negative for a withdrawal.
  public var amount: Money
  public var time: Date

  public init(id: Int64, accountID: AccountID, amount: Money, time: Date) {
    self.id = id
    self.accountID = accountID
    self.amount = amount
    self.time = time
  }

  public var direction: Direction { amount.isNegative ? .withdrawal : .deposit }
}

/// A transfer as the store made it, and the account's cash after it; for a repeated
/// idempotency key, the first transfer (whatever the repeat asked for, as a repeated trade
/// answers with its first) and the account's cash now.
public struct TransferReceipt: Sendable, Hashable {
  public var transfer: Transfer
  public var cash: Money
  /// The idempotency key was seen before: nothing was moved this time.
  public var isReplay: Bool

  public init(transfer: Transfer, cash: Money, isReplay: Bool) {
    self.transfer = transfer
    self.cash = cash
    self.isReplay = isReplay
  }
}

/// A transfer's amount, checked: more than zero, at most two decimals, at most
/// `maximum`.
public struct TransferAmount: Sendable, Hashable {
  public static let maximum = Money(dollars: 10_000_000)

  public let money: Money

  /// - Throws: `TransferError.invalidAmount` for anything else.
  public init(_ text: String) throws(TransferError) {
    guard let exact = ExactDecimal(text.trimmingCharacters(in: .whitespaces)),
      exact.isPositive, exact.significantFractionDigits <= 2
    else { throw .invalidAmount }
    let money = Money(exact: exact.rounded(toFractionDigits: 2))
    guard money <= Self.maximum else { throw .invalidAmount }
    self.money = money
  }

  /// Signed as the store keeps it: negative for a withdrawal.
  public func signed(_ direction: Transfer.Direction) -> Money {
    direction == .deposit ? money : .zero - money
  }
}

/// Why a transfer was refused, with a stable code for API clients.
public enum TransferError: String, Error, Sendable, Hashable, CustomStringConvertible {
  /// Not a number, zero or less, more than two decimals, or over $10,000,000.
  case invalidAmount = "invalid_amount"
  /// A withdrawal of more than the cash not held by open orders.
  case insufficientFunds = "insufficient_funds"
  /// A linked brokerage account: its money is the brokerage's to move.
  case linkedAccount = "linked_account"

  public var code: String { rawValue }

  public var message: String {
    switch self {
    case .invalidAmount: "Enter an amount from $0.01 to $10,000,000.00, in dollars and cents"
    case .insufficientFunds: "You can withdraw only the cash that open orders do not hold"
    case .linkedAccount: "Your Alpaca account's cash is Alpaca's: deposit or withdraw it there"
    }
  }

  public var description: String { message }
}

/// The rule both stores apply to a transfer, in the transaction that writes it.
public enum TransferStep {
  /// The cash after moving `amount` (negative: a withdrawal) into an account holding
  /// `cash`, of which open orders hold `held`, and which a withdrawal may not take below
  /// `floor` (a margin account's: the cash its initial margin needs).
  ///
  /// - Throws: `insufficientFunds` for a withdrawal of more than `cash − held`, or one
  ///   that leaves less than `floor`.
  public static func cash(after amount: Money, cash: Money, held: Money, floor: Money? = nil)
    throws(TransferError) -> Money
  {
    guard amount.isNegative else { return cash + amount }
    if Money.zero - amount > cash - held { throw .insufficientFunds }
    if let floor, cash + amount < floor { throw .insufficientFunds }
    return cash + amount
  }
}
