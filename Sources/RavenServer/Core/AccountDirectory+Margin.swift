import RavenCore
import RavenStore

extension AccountDirectory {
  /// Turns `record` into a margin account (4×, short selling on, as Alpaca's paper
  /// accounts are) or back into a cash account. A linked account's margin is Alpaca's:
  /// 409 `linked_account`.
  func setMargin(_ on: Bool, of record: AccountRecord, userID: UserID) async throws
    -> AccountRecord
  {
    guard record.kind == .paper else {
      throw APIError(
        .conflict, code: "linked_account",
        message: "A linked Alpaca account's margin is set at Alpaca")
    }
    let settings = record.settings.withMargin(on)
    try await checkMargin(of: record, becoming: settings)
    let saved = try await store.setAccountSettings(id: record.id, userID: userID, to: settings)
    forget(userID, record.id)
    return saved
  }

  /// Refuses to make a margin account a cash account while it borrows cash or is short
  /// (409 `margin_in_use`): a cash account could neither carry nor repay them as such.
  func checkMargin(of record: AccountRecord, becoming settings: AccountSettings) async throws {
    guard record.settings.isMargin, !settings.isMargin else { return }
    if try await store.account(accountID: record.id).usesMargin {
      throw APIError(
        .conflict, code: "margin_in_use",
        message: "Repay the borrowed cash and cover the short positions before turning margin off")
    }
  }
}
