import Foundation
import RavenHTTP

/// `/v1/corporate-actions` as Alpaca writes it, read leniently: a group with no actions is
/// left out, a CUSIP may be missing, rates are JSON numbers (read exactly). Raven's own
/// server writes the stricter `AlpacaCorporateActionsPage`.
struct AlpacaUpstreamCorporateActions: Decodable, Sendable {
  struct Groups: Decodable, Sendable {
    var forwardSplits: [Split]?
    var reverseSplits: [Split]?
    var cashDividends: [CashDividend]?
  }

  struct Split: Decodable, Sendable {
    var symbol: String
    var newRate: UpstreamDecimal
    var oldRate: UpstreamDecimal
    var exDate: String
    var recordDate: String?
    var payableDate: String?
  }

  struct CashDividend: Decodable, Sendable {
    var symbol: String
    var rate: UpstreamDecimal
    var special: Bool?
    var foreign: Bool?
    var exDate: String
    var recordDate: String?
    var payableDate: String?
  }

  var corporateActions: Groups?
  var nextPageToken: String?
}
