import RavenCore
import RavenStore

extension PostgresStore {
  public func marginAccounts() async throws(StoreError) -> [OwnedAccount] {
    let owners = try await transaction { connection in
      try await connection.rows(
        """
        SELECT a.id, a.user_id FROM accounts AS a
        WHERE a.kind = 'paper' AND a.closed_at IS NULL
          AND COALESCE((a.settings::jsonb ->> 'maxMarginMultiplier')::int, 1) > 1
          AND EXISTS (SELECT 1 FROM positions AS p WHERE p.account_id = a.id)
        ORDER BY a.id
        """, self.logger
      ).map { row in
        let (id, owner) = try row.decode((Int64, Int64).self)
        return (AccountID(id), UserID(owner))
      }
    }
    var accounts: [OwnedAccount] = []
    for (id, owner) in owners {
      accounts.append(OwnedAccount(userID: owner, account: try await account(accountID: id)))
    }
    return accounts
  }
}
