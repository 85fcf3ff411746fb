import RavenCore
import RavenStore

/// SQLite's schema, as numbered migrations. Append new ones; never edit a shipped one.
///
/// Amounts are `TEXT` holding exact decimal text (a column declared `NUMERIC` or `REAL`
/// would let SQLite turn `"187.9500"` into a binary float). Times are `INTEGER`
/// microseconds since 1970 UTC. `AUTOINCREMENT` keeps ids from being reused, so a
/// deleted token's id never comes back and trade ids only grow (pagination relies on it).
/// Sign checks cast to `REAL`: only the sign is checked, never an amount computed.
enum SQLiteMigrations {
  static let all: [Migration] = early + later

  /// 001 to 009.
  static let early: [Migration] = [
    Migration(
      "001_users_and_sign_in",
      [
        """
        CREATE TABLE users (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          username TEXT NOT NULL UNIQUE,
          password_hash TEXT NOT NULL,
          created_at INTEGER NOT NULL
        )
        """,
        """
        CREATE TABLE sessions (
          token_hash TEXT PRIMARY KEY,
          user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
          csrf_token TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          expires_at INTEGER NOT NULL
        )
        """,
        "CREATE INDEX sessions_user_id ON sessions (user_id)",
        """
        CREATE TABLE api_tokens (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
          name TEXT NOT NULL,
          token_hash TEXT NOT NULL UNIQUE,
          created_at INTEGER NOT NULL
        )
        """,
        "CREATE INDEX api_tokens_user_id ON api_tokens (user_id)",
      ]),
    Migration(
      "002_accounts_and_trades",
      [
        """
        CREATE TABLE accounts (
          user_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
          cash TEXT NOT NULL CHECK (CAST(cash AS REAL) >= 0),
          starting_cash TEXT NOT NULL,
          realized_profit TEXT NOT NULL
        )
        """,
        """
        CREATE TABLE positions (
          user_id INTEGER NOT NULL REFERENCES accounts (user_id) ON DELETE CASCADE,
          symbol TEXT NOT NULL,
          shares TEXT NOT NULL CHECK (CAST(shares AS REAL) > 0),
          total_cost TEXT NOT NULL CHECK (CAST(total_cost AS REAL) >= 0),
          sort_order INTEGER NOT NULL,
          PRIMARY KEY (user_id, symbol)
        )
        """,
        """
        CREATE TABLE trades (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          user_id INTEGER NOT NULL REFERENCES accounts (user_id) ON DELETE CASCADE,
          symbol TEXT NOT NULL,
          side TEXT NOT NULL CHECK (side IN ('buy', 'sell')),
          shares TEXT NOT NULL CHECK (CAST(shares AS REAL) > 0),
          price TEXT NOT NULL CHECK (CAST(price AS REAL) > 0),
          amount TEXT NOT NULL CHECK (CAST(amount AS REAL) >= 0),
          realized_profit TEXT NOT NULL,
          cash_after TEXT NOT NULL CHECK (CAST(cash_after AS REAL) >= 0),
          executed_at INTEGER NOT NULL,
          idempotency_key TEXT,
          UNIQUE (user_id, idempotency_key)
        )
        """,
        "CREATE INDEX trades_user_id_id ON trades (user_id, id)",
      ]),
    Migration(
      "003_watchlists_and_goals",
      [
        """
        CREATE TABLE watchlist_items (
          user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
          symbol TEXT NOT NULL,
          sort_order INTEGER NOT NULL,
          added_at INTEGER NOT NULL,
          PRIMARY KEY (user_id, symbol)
        )
        """,
        """
        CREATE TABLE goals (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
          title TEXT NOT NULL,
          description TEXT NOT NULL,
          target TEXT NOT NULL CHECK (CAST(target AS REAL) > 0),
          allocations TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL
        )
        """,
        "CREATE INDEX goals_user_id ON goals (user_id)",
      ]),
    Migration(
      "004_brokerage_links",
      [
        """
        CREATE TABLE brokerage_links (
          user_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
          provider TEXT NOT NULL,
          sealed_credentials BLOB NOT NULL,
          key_hint TEXT NOT NULL,
          linked_at INTEGER NOT NULL
        )
        """
      ]),
    Migration(
      "005_orders",
      [
        // An order's fills and status changes live in its JSON `body` (the `Order` as
        // RavenCore encodes it); the columns are what lists, checks and the engine select by.
        """
        CREATE TABLE orders (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          id TEXT NOT NULL UNIQUE,
          user_id INTEGER NOT NULL REFERENCES accounts (user_id) ON DELETE CASCADE,
          client_order_id TEXT NOT NULL,
          symbol TEXT NOT NULL,
          side TEXT NOT NULL CHECK (side IN ('buy', 'sell')),
          status TEXT NOT NULL,
          is_open INTEGER NOT NULL CHECK (is_open IN (0, 1)),
          hold_price TEXT NOT NULL,
          version INTEGER NOT NULL,
          submitted_at INTEGER NOT NULL,
          body TEXT NOT NULL,
          UNIQUE (user_id, client_order_id)
        )
        """,
        "CREATE INDEX orders_user_seq ON orders (user_id, seq)",
        "CREATE INDEX orders_open ON orders (user_id, symbol) WHERE is_open = 1",
        "ALTER TABLE trades ADD COLUMN order_id TEXT",
        // Every trade made before orders existed becomes a filled market order, with an
        // ID derived from the trade's: 00000000-0000-4000-8000-<the trade ID in hex>.
        """
        INSERT INTO orders (id, user_id, client_order_id, symbol, side, status, is_open,
          hold_price, version, submitted_at, body)
        SELECT upper(printf('00000000-0000-4000-8000-%012x', id)), user_id, lower(upper(printf('00000000-0000-4000-8000-%012x', id))), symbol, side, 'filled', 0, price, 1, executed_at,
          json_object(
            'id', upper(printf('00000000-0000-4000-8000-%012x', id)), 'clientOrderId', lower(upper(printf('00000000-0000-4000-8000-%012x', id))), 'symbol', symbol, 'side', side,
            'type', 'market', 'qty', shares, 'timeInForce', 'day', 'status', 'filled',
            'filledQty', shares, 'filledAvgPrice', price, 'submittedAt', executed_at,
            'createdAt', executed_at, 'updatedAt', executed_at, 'filledAt', executed_at,
            'fills', json_array(json_object('time', executed_at, 'qty', shares, 'price', price)),
            'events', json_array(
              json_object('status', 'new', 'time', executed_at),
              json_object('status', 'filled', 'time', executed_at)))
        FROM trades ORDER BY id
        """,
        "UPDATE trades SET order_id = upper(printf('00000000-0000-4000-8000-%012x', id))",
        "CREATE INDEX trades_order_id ON trades (order_id)",
      ]),
    Migration(
      "006_market_state",
      [
        // What the market's machinery keeps between starts, one row per key: the minute
        // the order engine has matched up to (microseconds since 1970, as text).
        "CREATE TABLE market_state (key TEXT PRIMARY KEY, value TEXT NOT NULL)"
      ]),
    Migration(
      "007_api_keys",
      [
        """
        CREATE TABLE api_keys (
          id TEXT PRIMARY KEY,
          user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
          name TEXT NOT NULL,
          key_id TEXT NOT NULL UNIQUE,
          secret_hash TEXT NOT NULL,
          read_only INTEGER NOT NULL CHECK (read_only IN (0, 1)),
          created_at INTEGER NOT NULL
        )
        """,
        "CREATE INDEX api_keys_user_id ON api_keys (user_id)",
      ]),
    Migration(
      "008_named_watchlists",
      [
        """
        CREATE TABLE named_watchlists (
          id TEXT PRIMARY KEY,
          user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
          name TEXT NOT NULL,
          symbols TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL
        )
        """,
        "CREATE INDEX named_watchlists_user_id ON named_watchlists (user_id)",
      ]),
    Migration(
      "009_several_accounts",
      [
        // Each user's ledger becomes their first account, "Individual", keeping its
        // number (the user's id), so no ledger row is rewritten: the ledger's tables
        // rename `user_id` to `account_id`, and `accounts` is rebuilt with a number of its
        // own and an owner. Runs with foreign keys off (`SQLiteStore.migrate`), so
        // dropping the old `accounts` cascades nowhere; they are checked before commit.
        "ALTER TABLE accounts RENAME COLUMN user_id TO id",
        "ALTER TABLE positions RENAME COLUMN user_id TO account_id",
        "ALTER TABLE trades RENAME COLUMN user_id TO account_id",
        "ALTER TABLE orders RENAME COLUMN user_id TO account_id",
        """
        CREATE TABLE accounts_new (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
          name TEXT NOT NULL,
          kind TEXT NOT NULL CHECK (kind IN ('paper', 'alpaca')),
          cash TEXT NOT NULL CHECK (CAST(cash AS REAL) >= 0),
          starting_cash TEXT NOT NULL,
          realized_profit TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          closed_at INTEGER,
          period INTEGER NOT NULL DEFAULT 1,
          period_started_at INTEGER
        )
        """,
        """
        INSERT INTO accounts_new (id, user_id, name, kind, cash, starting_cash, realized_profit,
          created_at)
        SELECT a.id, a.id, 'Individual', 'paper', a.cash, a.starting_cash, a.realized_profit,
          u.created_at
        FROM accounts a JOIN users u ON u.id = a.id
        """,
        "DROP TABLE accounts",
        "ALTER TABLE accounts_new RENAME TO accounts",
        "CREATE INDEX accounts_user_id ON accounts (user_id)",
        """
        CREATE UNIQUE INDEX accounts_open_name ON accounts (user_id, lower(name))
        WHERE closed_at IS NULL
        """,
        // A linked Alpaca account becomes an account of its own, kind `alpaca`.
        """
        INSERT INTO accounts (user_id, name, kind, cash, starting_cash, realized_profit,
          created_at)
        SELECT user_id, 'Alpaca', 'alpaca', '0', '0', '0', linked_at FROM brokerage_links
        """,
        """
        CREATE TABLE brokerage_links_new (
          account_id INTEGER PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
          provider TEXT NOT NULL,
          sealed_credentials BLOB NOT NULL,
          key_hint TEXT NOT NULL,
          linked_at INTEGER NOT NULL
        )
        """,
        """
        INSERT INTO brokerage_links_new
        SELECT a.id, l.provider, l.sealed_credentials, l.key_hint, l.linked_at
        FROM brokerage_links l JOIN accounts a ON a.user_id = l.user_id AND a.kind = 'alpaca'
        """,
        "DROP TABLE brokerage_links",
        "ALTER TABLE brokerage_links_new RENAME TO brokerage_links",
        // Goals and the Alpaca-compatible watchlists are an account's: the first one's.
        """
        CREATE TABLE goals_new (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
          title TEXT NOT NULL,
          description TEXT NOT NULL,
          target TEXT NOT NULL CHECK (CAST(target AS REAL) > 0),
          allocations TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL
        )
        """,
        "INSERT INTO goals_new SELECT * FROM goals",
        "DROP TABLE goals",
        "ALTER TABLE goals_new RENAME TO goals",
        "CREATE INDEX goals_account_id ON goals (account_id)",
        """
        CREATE TABLE named_watchlists_new (
          id TEXT PRIMARY KEY,
          account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
          name TEXT NOT NULL,
          symbols TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL
        )
        """,
        "INSERT INTO named_watchlists_new SELECT * FROM named_watchlists",
        "DROP TABLE named_watchlists",
        "ALTER TABLE named_watchlists_new RENAME TO named_watchlists",
        "CREATE INDEX named_watchlists_account_id ON named_watchlists (account_id)",
        // A key belongs to its user (who signs in with it) and to one of their accounts
        // (what it trades): every existing key to the first.
        """
        CREATE TABLE api_keys_new (
          id TEXT PRIMARY KEY,
          user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
          account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
          name TEXT NOT NULL,
          key_id TEXT NOT NULL UNIQUE,
          secret_hash TEXT NOT NULL,
          read_only INTEGER NOT NULL CHECK (read_only IN (0, 1)),
          created_at INTEGER NOT NULL
        )
        """,
        """
        INSERT INTO api_keys_new
        SELECT id, user_id, user_id, name, key_id, secret_hash, read_only, created_at
        FROM api_keys
        """,
        "DROP TABLE api_keys",
        "ALTER TABLE api_keys_new RENAME TO api_keys",
        "CREATE INDEX api_keys_user_id ON api_keys (user_id)",
        "CREATE INDEX api_keys_account_id ON api_keys (account_id)",
        // A reset starts an account's next period: its trades say which they belong to.
        "ALTER TABLE trades ADD COLUMN period INTEGER NOT NULL DEFAULT 1",
      ]),
  ]
}
