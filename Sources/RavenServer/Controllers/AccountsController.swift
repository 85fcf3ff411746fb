import Foundation
import Hummingbird
import Logging
import RavenAPI
import RavenCore
import RavenStore

/// A user's accounts (`/api/v1/accounts`): listed, opened, renamed and closed. Another
/// user's account is a 404 on every route, never a 403: a 403 would say it exists.
struct AccountsController {
  let accounts: AccountDirectory
  /// Revokes a closed account's keys on this server (their streams close).
  let identities: Identities
  /// The cash a new account starts with when the request names none (`--starting-cash`).
  let startingCash: Money
  let clock: any WallClock

  func addRoutes(to group: RouterGroup<RavenRequestContext>) {
    group.get("/accounts", use: list)
    group.post("/accounts", use: create)
    group.get("/accounts/{account}", use: show)
    group.patch("/accounts/{account}", use: rename)
    group.delete("/accounts/{account}", use: close)
    group.post("/accounts/{account}/reset", use: reset)
  }

  /// Why a reset's open orders ended.
  static let resetReason = "reset"

  @Sendable func list(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<AccountsBody>
  {
    let user = try context.requireUser()
    let records = try await accounts.records(of: user.id)
    let defaultID = records.defaultAccount?.id
    let shown = records.filter(\.isOpen) + records.filter { !$0.isOpen }
    return JSONBody(AccountsBody(accounts: shown.map { Self.body($0, defaultID: defaultID) }))
  }

  @Sendable func create(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<AccountBody>
  {
    let user = try context.requireUser()
    let input = try await context.requestDecoder.decode(
      AccountCreateRequest.self, from: request, context: context)
    let name = try Self.name(input.name)
    let cash = try input.startingCash.map(Self.startingCash) ?? startingCash
    // A new paper account is never the default: the user has an open account before it.
    let defaultID = try await accounts.records(of: user.id).defaultAccount?.id
    let record = try await accounts.store.createAccount(
      userID: user.id, name: name, startingCash: cash, limit: AccountRules.maximumOpenAccounts,
      at: clock.now)
    accounts.forget(user.id, nil)
    return JSONBody(Self.body(record, defaultID: defaultID), status: .created)
  }

  @Sendable func show(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<AccountBody>
  {
    let user = try context.requireUser()
    let records = try await accounts.records(of: user.id)
    return JSONBody(
      Self.body(
        try Self.named(try context.accountParameter(), in: records),
        defaultID: records.defaultAccount?.id))
  }

  @Sendable func rename(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<AccountBody>
  {
    let user = try context.requireUser()
    let chosen = try context.accountParameter()
    let patch = try await context.requestDecoder.decode(
      AccountPatchRequest.self, from: request, context: context)
    // Renaming or resetting never changes which account is the default.
    let records = try await accounts.records(of: user.id)
    let defaultID = records.defaultAccount?.id
    var record = try Self.named(chosen, in: records)
    guard patch.name != nil || patch.margin != nil else {
      return JSONBody(Self.body(record, defaultID: defaultID))
    }
    guard record.isOpen else { throw StoreError.accountClosed }
    let name = try patch.name.map(Self.name)
    if let margin = patch.margin, margin != record.settings.isMargin {
      record = try await accounts.setMargin(margin, of: record, userID: user.id)
    }
    if let name {
      record = try await accounts.store.renameAccount(id: record.id, userID: user.id, to: name)
    }
    accounts.forget(user.id, nil)
    return JSONBody(Self.body(record, defaultID: defaultID))
  }

  /// Closes a paper account: it keeps its record, read-only, and its keys stop working.
  /// A linked Alpaca account closes by unlinking it (`DELETE /api/v1/brokerage`).
  @Sendable func close(_ request: Request, context: RavenRequestContext) async throws
    -> HTTPResponse.Status
  {
    let user = try context.requireUser()
    let record = try Self.named(
      try context.accountParameter(), in: try await accounts.records(of: user.id))
    guard record.isOpen else { throw StoreError.accountClosed }
    guard record.kind == .paper else {
      throw APIError(
        .conflict, code: "linked_account",
        message: "Unlink your Alpaca account to close it (Settings, Alpaca)")
    }
    let (_, revoked) = try await accounts.store.closeAccount(
      id: record.id, userID: user.id, at: clock.now)
    identities.revoke(keys: revoked, of: user.id)
    accounts.forget(user.id, record.id)
    return .noContent
  }

  /// Starts the account's next period with the cash asked for: its open orders are
  /// canceled (reason `reset`), its positions go; its history and keys stay.
  @Sendable func reset(_ request: Request, context: RavenRequestContext) async throws
    -> JSONBody<AccountBody>
  {
    let user = try context.requireUser()
    let chosen = try context.accountParameter()
    let input = try await context.requestDecoder.decode(
      AccountResetRequest.self, from: request, context: context)
    let cash = try input.startingCash.map(Self.startingCash) ?? startingCash
    let records = try await accounts.records(of: user.id)
    let record = try Self.named(chosen, in: records)
    guard record.kind == .paper else {
      throw APIError(
        .conflict, code: "linked_account", message: "An Alpaca account is reset at Alpaca")
    }
    let (reset, canceled) = try await accounts.store.resetAccount(
      id: record.id, userID: user.id, startingCash: cash, reason: Self.resetReason,
      at: accounts.marketClock.now)
    accounts.forget(user.id, record.id)
    await accounts.changes.publish(canceled.map(\.order), of: record.id, to: user.id)
    return JSONBody(Self.body(reset, defaultID: records.defaultAccount?.id))
  }

  // MARK: Reading requests

  static func named(_ id: UUID, in records: [AccountRecord]) throws -> AccountRecord {
    guard let record = records.first(where: { $0.publicID == id }) else {
      throw APIError.accountNotFound
    }
    return record
  }

  static func name(_ text: String) throws -> String {
    guard let name = AccountRules.name(text) else {
      throw APIError.validation(
        "invalid_name",
        "Name the account in 1 to \(AccountRules.maximumNameLength) characters, without control characters"
      )
    }
    return name
  }

  /// `"25000.00"`: whole cents from $0 to $10,000,000, else 422 `invalid_amount`.
  static func startingCash(_ text: String) throws -> Money {
    guard let cash = Money(text.trimmingCharacters(in: .whitespaces)),
      AccountRules.isValidStartingCash(cash)
    else {
      throw APIError.validation(
        "invalid_amount", "Start the account with $0 to $10,000,000, in whole cents")
    }
    return cash
  }

  static func body(_ record: AccountRecord, defaultID: AccountID?) -> AccountBody {
    AccountBody(
      id: record.publicID, name: record.name, kind: record.kind,
      startingCash: record.startingCash, createdAt: record.createdAt, closedAt: record.closedAt,
      isDefault: record.id == defaultID, margin: record.kind == .paper && record.settings.isMargin)
  }
}

extension RavenRequestContext {
  /// The `{account}` path parameter; anything but a UUID names no account of the user's.
  func accountParameter() throws -> UUID {
    guard let text = parameters.get("account"), let id = UUID(uuidString: text) else {
      throw APIError.accountNotFound
    }
    return id
  }
}
