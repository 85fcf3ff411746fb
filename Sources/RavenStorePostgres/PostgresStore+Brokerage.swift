import Foundation
import PostgresNIO
import RavenCore
import RavenStore

extension PostgresStore {
  public func brokerageLink(userID: UserID) async throws(StoreError) -> BrokerageLink? {
    try await connection { connection in
      try await connection.rows(
        """
        SELECT provider, sealed_credentials, key_hint, linked_at
        FROM brokerage_links WHERE user_id = \(userID.rawValue)
        """, self.logger
      ).first.map { row in
        let (provider, sealed, hint, linkedAt) = try row.decode(
          (String, ByteBuffer, String, PostgresTimestamp).self)
        return BrokerageLink(
          userID: userID, provider: provider, sealedCredentials: Data(sealed.readableBytesView),
          keyHint: hint, linkedAt: linkedAt.date)
      }
    }
  }

  public func saveBrokerageLink(_ link: BrokerageLink) async throws(StoreError) {
    try await connection { connection in
      try await connection.perform(
        """
        INSERT INTO brokerage_links (user_id, provider, sealed_credentials, key_hint, linked_at)
        VALUES (\(link.userID.rawValue), \(link.provider), \(ByteBuffer(bytes: link.sealedCredentials)),
          \(link.keyHint), \(PostgresTimestamp(link.linkedAt)))
        ON CONFLICT (user_id) DO UPDATE SET provider = excluded.provider,
          sealed_credentials = excluded.sealed_credentials, key_hint = excluded.key_hint,
          linked_at = excluded.linked_at
        """, self.logger)
    }
  }

  public func deleteBrokerageLink(userID: UserID) async throws(StoreError) {
    try await connection { connection in
      try await connection.perform(
        "DELETE FROM brokerage_links WHERE user_id = \(userID.rawValue)", self.logger)
    }
  }
}
