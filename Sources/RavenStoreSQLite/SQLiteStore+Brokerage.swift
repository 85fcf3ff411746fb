import Foundation
import GRDB
import RavenCore
import RavenStore

extension SQLiteStore {
  public func brokerageLink(accountID: AccountID) async throws(StoreError) -> BrokerageLink? {
    try await read { db in
      try db.fetchRow(
        sql: """
          SELECT provider, sealed_credentials, key_hint, linked_at
          FROM brokerage_links WHERE account_id = ?
          """,
        arguments: [accountID.rawValue]
      ).map { row in
        BrokerageLink(
          accountID: accountID, provider: try row.decode(atIndex: 0),
          sealedCredentials: try row.decode(atIndex: 1), keyHint: try row.decode(atIndex: 2),
          linkedAt: StoredValue.date(microseconds: try row.decode(atIndex: 3)))
      }
    }
  }

  public func saveBrokerageLink(
    userID: UserID, name: String, provider: String, sealedCredentials: Data, keyHint: String,
    at time: Date
  ) async throws(StoreError) -> AccountRecord {
    let linkedAt = StoredValue.microseconds(StoredValue.normalized(time))
    return try await write { db in
      let open = try Self.accountRecords(db, userID: userID).filter(\.isOpen)
      let account: AccountRecord
      if let linked = open.first(where: { $0.kind == .alpaca }) {
        account = linked
      } else {
        let taken = Set(open.map { $0.name.lowercased() })
        account = try Self.insertAccount(
          db, userID: userID, name: AccountNames.free(name, taken: taken), kind: .alpaca,
          startingCash: .zero, at: time)
      }
      try db.run(
        sql: """
          INSERT INTO brokerage_links (account_id, provider, sealed_credentials, key_hint,
            linked_at)
          VALUES (?, ?, ?, ?, ?)
          ON CONFLICT (account_id) DO UPDATE SET provider = excluded.provider,
            sealed_credentials = excluded.sealed_credentials, key_hint = excluded.key_hint,
            linked_at = excluded.linked_at
          """,
        arguments: [account.id.rawValue, provider, sealedCredentials, keyHint, linkedAt])
      return account
    }
  }

  public func deleteBrokerageLink(userID: UserID, at time: Date) async throws(StoreError)
    -> AccountRecord?
  {
    try await write { db in
      guard
        var account = try Self.accountRecords(db, userID: userID).first(where: {
          $0.isOpen && $0.kind == .alpaca
        })
      else { return nil }
      try db.run(
        sql: "DELETE FROM brokerage_links WHERE account_id = ?", arguments: [account.id.rawValue])
      account = try Self.close(db, account, at: time).account
      return account
    }
  }
}
