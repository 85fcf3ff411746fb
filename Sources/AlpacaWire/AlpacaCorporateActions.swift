import Foundation

/// `/v2/corporate_actions/announcements`: one announcement, as alpaca-py's
/// `CorporateActionAnnouncement` reads it (amounts as text, dates as `YYYY-MM-DD`).
public struct AlpacaAnnouncement: Codable, Hashable, Sendable {
  public var id: String
  public var corporateActionId: String
  /// `dividend` or `split`.
  public var caType: String
  /// `cash`, `stock_split` or `reverse_split`.
  public var caSubType: String
  public var initiatingSymbol: String
  public var initiatingOriginalCusip: String
  public var targetSymbol: String?
  public var targetOriginalCusip: String?
  public var declarationDate: String?
  public var exDate: String?
  public var recordDate: String?
  public var payableDate: String?
  public var cash: String
  public var oldRate: String
  public var newRate: String

  public init(
    id: String, corporateActionId: String, caType: String, caSubType: String,
    initiatingSymbol: String, initiatingOriginalCusip: String, targetSymbol: String?,
    targetOriginalCusip: String?, declarationDate: String?, exDate: String?,
    recordDate: String?, payableDate: String?, cash: String, oldRate: String, newRate: String
  ) {
    self.id = id
    self.corporateActionId = corporateActionId
    self.caType = caType
    self.caSubType = caSubType
    self.initiatingSymbol = initiatingSymbol
    self.initiatingOriginalCusip = initiatingOriginalCusip
    self.targetSymbol = targetSymbol
    self.targetOriginalCusip = targetOriginalCusip
    self.declarationDate = declarationDate
    self.exDate = exDate
    self.recordDate = recordDate
    self.payableDate = payableDate
    self.cash = cash
    self.oldRate = oldRate
    self.newRate = newRate
  }
}

/// `/v1/corporate-actions`: a page of actions grouped by kind, as alpaca-py's
/// `CorporateActionsSet` reads it (rates as numbers).
public struct AlpacaCorporateActionsPage: Codable, Hashable, Sendable {
  public var corporateActions: AlpacaCorporateActionGroups
  @Nullable public var nextPageToken: String?

  public init(corporateActions: AlpacaCorporateActionGroups, nextPageToken: String?) {
    self.corporateActions = corporateActions
    self.nextPageToken = nextPageToken
  }
}

public struct AlpacaCorporateActionGroups: Codable, Hashable, Sendable {
  public var forwardSplits: [AlpacaSplit]
  public var reverseSplits: [AlpacaSplit]
  public var cashDividends: [AlpacaCashDividend]

  public init(
    forwardSplits: [AlpacaSplit], reverseSplits: [AlpacaSplit], cashDividends: [AlpacaCashDividend]
  ) {
    self.forwardSplits = forwardSplits
    self.reverseSplits = reverseSplits
    self.cashDividends = cashDividends
  }
}

/// A forward split (`cusip`) or a reverse one (`old_cusip`, `new_cusip`).
public struct AlpacaSplit: Codable, Hashable, Sendable {
  public var id: String
  public var symbol: String
  public var cusip: String?
  public var oldCusip: String?
  public var newCusip: String?
  public var newRate: Decimal
  public var oldRate: Decimal
  public var processDate: String
  public var exDate: String
  public var recordDate: String?
  public var payableDate: String?

  public init(
    id: String, symbol: String, reverse: Bool, newRate: Decimal, oldRate: Decimal,
    processDate: String, exDate: String, recordDate: String?, payableDate: String?
  ) {
    self.id = id
    self.symbol = symbol
    // Raven's securities have no CUSIP: the field is there, empty, as alpaca-py requires.
    if reverse {
      oldCusip = ""
      newCusip = ""
    } else {
      cusip = ""
    }
    self.newRate = newRate
    self.oldRate = oldRate
    self.processDate = processDate
    self.exDate = exDate
    self.recordDate = recordDate
    self.payableDate = payableDate
  }
}

public struct AlpacaCashDividend: Codable, Hashable, Sendable {
  public var id: String
  public var symbol: String
  public var cusip: String
  public var rate: Decimal
  public var special: Bool
  public var foreign: Bool
  public var processDate: String
  public var exDate: String
  public var recordDate: String?
  public var payableDate: String?

  public init(
    id: String, symbol: String, rate: Decimal, special: Bool, processDate: String,
    exDate: String, recordDate: String?, payableDate: String?
  ) {
    self.id = id
    self.symbol = symbol
    cusip = ""
    self.rate = rate
    self.special = special
    foreign = false
    self.processDate = processDate
    self.exDate = exDate
    self.recordDate = recordDate
    self.payableDate = payableDate
  }
}

/// `/v2/account/activities`: a fill (`FILL`, with its order's figures) or a non-trade
/// activity (`DIV`, `SPLIT`: a date and a net amount). Amounts as text, as Alpaca's.
public struct AlpacaActivity: Codable, Hashable, Sendable {
  /// `YYYYMMDDhhmmssmmm::<uuid>`: sortable, and the page token of the next page.
  public var id: String
  public var accountId: String
  public var activityType: String
  public var transactionTime: String?
  /// `fill` or `partial_fill`.
  public var type: String?
  public var price: String?
  public var qty: String?
  public var side: String?
  public var symbol: String?
  public var leavesQty: String?
  public var orderId: String?
  public var cumQty: String?
  public var orderStatus: String?
  public var date: String?
  public var netAmount: String?
  public var perShareAmount: String?
  public var description: String?
  public var status: String?

  public init(id: String, accountId: String, activityType: String) {
    self.id = id
    self.accountId = accountId
    self.activityType = activityType
  }
}
