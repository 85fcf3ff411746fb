import Foundation
import RavenCore

/// Every account's open orders as the engine reads them: the ones that read back, and the
/// open rows that did not (written by an older release or by hand). One unreadable row
/// never hides the others: the engine matches these and rejects those.
public struct OpenOrders: Sendable, Hashable {
  /// Oldest first.
  public var orders: [StoredOrder]
  public var unreadable: [UnreadableOrder]

  public init(orders: [StoredOrder], unreadable: [UnreadableOrder] = []) {
    self.orders = orders
    self.unreadable = unreadable
  }
}

/// An open order's row that could not be read, and why.
public struct UnreadableOrder: Sendable, Hashable {
  public var id: UUID
  public var accountID: AccountID
  /// The account's owner, whose streams hear of its rejection.
  public var userID: UserID
  /// What could not be read, for the log.
  public var problem: String

  public init(id: UUID, accountID: AccountID, userID: UserID, problem: String) {
    self.id = id
    self.accountID = accountID
    self.userID = userID
    self.problem = problem
  }
}

/// How an order that cannot be read or applied is ended without the ledger: its row is
/// marked rejected and its hold released, and its body says so as far as it can be read.
/// Both stores write what this says.
package enum OrderRejection {
  /// A rejected order holds nothing; any readable price would do.
  package static let holdPrice = "0"

  /// `body` with the order ended `rejected` at `time` for `reason`: the order itself when
  /// it decodes; else the JSON object's status, reason and events; else `body` as it is.
  package static func body(_ body: String, reason: String, at time: Date) -> String {
    if var order = try? StoredJSON.decode(body) {
      order.end(.rejected, at: time, reason: reason)
      if let text = try? StoredJSON.encode(order) { return text }
    }
    guard
      var object = (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any]
    else { return body }
    let micros = StoredValue.microseconds(time)
    object["status"] = OrderStatus.rejected.rawValue
    object["reason"] = reason
    object["updatedAt"] = micros
    if var events = object["events"] as? [Any] {
      events.append(["status": OrderStatus.rejected.rawValue, "time": micros])
      object["events"] = events
    }
    guard let data = try? JSONSerialization.data(withJSONObject: object, options: .sortedKeys)
    else { return body }
    return String(decoding: data, as: UTF8.self)
  }

  /// The order a rejected row reads back as, when it does.
  package static func readBack(
    accountID: AccountID, userID: UserID, body: String, version: Int64, sequence: Int64
  ) -> StoredOrder? {
    guard let order = try? StoredJSON.decode(body) else { return nil }
    return StoredOrder(
      accountID: accountID, userID: userID, order: order, holdPrice: .zero, version: version,
      sequence: sequence)
  }
}

/// An account as stored, with its owner (whose streams hear of its orders).
public struct OwnedAccount: Sendable, Hashable {
  public var userID: UserID
  public var account: Account

  public init(userID: UserID, account: Account) {
    self.userID = userID
    self.account = account
  }
}
