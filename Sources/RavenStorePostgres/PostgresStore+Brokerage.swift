import Foundation
import PostgresNIO
import RavenCore
import RavenStore

extension PostgresStore {
  public func brokerageLink(accountID: AccountID) async throws(StoreError) -> BrokerageLink? {
    try await connection { connection in
      try await connection.rows(
        """
        SELECT provider, sealed_credentials, key_hint, linked_at
        FROM brokerage_links WHERE account_id = \(accountID.rawValue)
        """, self.logger
      ).first.map { row in
        let (provider, sealed, hint, linkedAt) = try row.decode(
          (String, ByteBuffer, String, PostgresTimestamp).self)
        return BrokerageLink(
          accountID: accountID, provider: provider,
          sealedCredentials: Data(sealed.readableBytesView), keyHint: hint,
          linkedAt: linkedAt.date)
      }
    }
  }

  public func saveBrokerageLink(
    userID: UserID, name: String, provider: String, sealedCredentials: Data, keyHint: String,
    at time: Date
  ) async throws(StoreError) -> AccountRecord {
    try await transaction { connection in
      // The user's lock: two links at once make one account, not two.
      try await self.lockUser(connection, userID: userID)
      let open = try await self.accountRecords(connection, userID: userID).filter(\.isOpen)
      let account: AccountRecord
      if let linked = open.first(where: { $0.kind == .alpaca }) {
        account = linked
      } else {
        account = try await self.insertAccount(
          connection, userID: userID,
          name: AccountNames.free(name, taken: Set(open.map { $0.name.lowercased() })),
          kind: .alpaca, startingCash: .zero, at: time)
      }
      try await connection.perform(
        """
        INSERT INTO brokerage_links (account_id, provider, sealed_credentials, key_hint,
          linked_at)
        VALUES (\(account.id.rawValue), \(provider), \(ByteBuffer(bytes: sealedCredentials)),
          \(keyHint), \(PostgresTimestamp(time)))
        ON CONFLICT (account_id) DO UPDATE SET provider = excluded.provider,
          sealed_credentials = excluded.sealed_credentials, key_hint = excluded.key_hint,
          linked_at = excluded.linked_at
        """, self.logger)
      return account
    }
  }

  public func deleteBrokerageLink(userID: UserID, at time: Date) async throws(StoreError)
    -> AccountRecord?
  {
    try await transaction { connection in
      try await self.lockUser(connection, userID: userID)
      guard
        let account = try await self.accountRecords(connection, userID: userID).first(where: {
          $0.isOpen && $0.kind == .alpaca
        })
      else { return nil }
      try await connection.perform(
        "DELETE FROM brokerage_links WHERE account_id = \(account.id.rawValue)", self.logger)
      return try await self.close(connection, account, at: time).account
    }
  }
}
