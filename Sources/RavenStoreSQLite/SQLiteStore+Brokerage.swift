import Foundation
import GRDB
import RavenCore
import RavenStore

extension SQLiteStore {
  public func brokerageLink(userID: UserID) async throws(StoreError) -> BrokerageLink? {
    try await read { db in
      try db.fetchRow(
        sql: """
          SELECT provider, sealed_credentials, key_hint, linked_at
          FROM brokerage_links WHERE user_id = ?
          """,
        arguments: [userID.rawValue]
      ).map { row in
        BrokerageLink(
          userID: userID, provider: try row.decode(atIndex: 0),
          sealedCredentials: try row.decode(atIndex: 1), keyHint: try row.decode(atIndex: 2),
          linkedAt: StoredValue.date(microseconds: try row.decode(atIndex: 3)))
      }
    }
  }

  public func saveBrokerageLink(_ link: BrokerageLink) async throws(StoreError) {
    try await write { db in
      try db.run(
        sql: """
          INSERT INTO brokerage_links (user_id, provider, sealed_credentials, key_hint, linked_at)
          VALUES (?, ?, ?, ?, ?)
          ON CONFLICT (user_id) DO UPDATE SET provider = excluded.provider,
            sealed_credentials = excluded.sealed_credentials, key_hint = excluded.key_hint,
            linked_at = excluded.linked_at
          """,
        arguments: [
          link.userID.rawValue, link.provider, link.sealedCredentials, link.keyHint,
          StoredValue.microseconds(link.linkedAt),
        ])
    }
  }

  public func deleteBrokerageLink(userID: UserID) async throws(StoreError) {
    try await write { db in
      try db.run(sql: "DELETE FROM brokerage_links WHERE user_id = ?", arguments: [userID.rawValue])
    }
  }
}
