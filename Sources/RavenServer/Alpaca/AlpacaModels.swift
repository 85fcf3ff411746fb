import AlpacaWire
import Crypto
import Foundation
import RavenCore
import RavenHTTP
import RavenStore

/// Raven's names for things in Alpaca's shapes (`../shared/alpaca-contract.md`): ids for
/// what Raven names otherwise.
enum AlpacaFormat {
  /// A stable id for a thing Raven names otherwise (an asset by its symbol, an account by
  /// its user): a name-based UUID (version 5 layout over SHA-256), the same on every server.
  static func uuid(_ name: String) -> UUID {
    var bytes = Array(SHA256.hash(data: Data(("raven:" + name).utf8)).prefix(16))
    bytes[6] = (bytes[6] & 0x0F) | 0x50
    bytes[8] = (bytes[8] & 0x3F) | 0x80
    return UUID(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
        bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      ))
  }

  static func assetID(_ symbol: Symbol) -> UUID { uuid("asset:" + symbol.rawValue) }

}

extension AlpacaOrder {
  /// Raven's order as Alpaca writes one: every key present, `null` where Alpaca sends null;
  /// a bracket's, OTO's or OCO's first order with its `legs`.
  init(_ order: Order, legs: [Order] = []) {
    self.init(
      id: order.id.uuidString.lowercased(), symbol: order.symbol.rawValue,
      side: order.side.rawValue, status: order.status.rawValue)
    let amount = { (value: ExactDecimal?) in value.map(AlpacaAmount.init) }
    clientOrderId = order.clientOrderID
    createdAt = AlpacaTime(order.createdAt)
    updatedAt = AlpacaTime(order.updatedAt)
    submittedAt = AlpacaTime(order.submittedAt)
    filledAt = order.filledAt.map(AlpacaTime.init)
    expiredAt = order.expiredAt.map(AlpacaTime.init)
    canceledAt = (order.status == .canceled ? order.canceledAt : nil).map(AlpacaTime.init)
    failedAt = order.status == .rejected ? AlpacaTime(order.updatedAt) : nil
    replacedAt = (order.status == .replaced ? order.canceledAt : nil).map(AlpacaTime.init)
    replacedBy = order.replacedBy?.uuidString.lowercased()
    replaces = order.replaces?.uuidString.lowercased()
    assetId = AlpacaFormat.assetID(order.symbol).uuidString.lowercased()
    assetClass = "us_equity"
    notional = amount(order.notional?.exact)
    qty = amount(order.qty?.exact)
    filledQty = AlpacaAmount(order.filledQty.exact)
    filledAvgPrice = amount(order.filledAvgPrice?.exact)
    orderClass = (order.orderClass ?? .simple).rawValue
    orderType = order.type.rawValue
    type = order.type.rawValue
    timeInForce = order.timeInForce.rawValue
    limitPrice = amount(order.limitPrice?.exact)
    stopPrice = amount(order.stopPrice?.exact)
    extendedHours = false
    self.legs = legs.isEmpty ? nil : legs.map { AlpacaOrder($0) }
    trailPercent = amount(order.trailPercent)
    trailPrice = amount(order.trailPrice?.exact)
    hwm = amount(order.hwm?.exact)
    positionIntent = order.intent.rawValue
  }
}
