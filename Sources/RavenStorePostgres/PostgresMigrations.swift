import RavenCore
import RavenStore

/// PostgreSQL's schema, as numbered migrations. Append new ones; never edit a shipped one.
///
/// Amounts are unconstrained `NUMERIC`, which keeps each value's scale: `187.9500` comes
/// back as `187.9500`. They are written as text cast to `numeric` and read back with
/// `::text`, so no binary float is ever involved. Times are `timestamptz` (microseconds).
enum PostgresMigrations {
  static let all: [Migration] = schema + manyServers

  /// The tables of one server's data (001–015).
  static let schema: [Migration] = [
    Migration(
      "001_users_and_sign_in",
      [
        """
        CREATE TABLE users (
          id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          username TEXT NOT NULL,
          password_hash TEXT NOT NULL,
          created_at TIMESTAMPTZ NOT NULL,
          CONSTRAINT users_username_key UNIQUE (username)
        )
        """,
        """
        CREATE TABLE sessions (
          token_hash TEXT PRIMARY KEY,
          user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
          csrf_token TEXT NOT NULL,
          created_at TIMESTAMPTZ NOT NULL,
          expires_at TIMESTAMPTZ NOT NULL
        )
        """,
        "CREATE INDEX sessions_user_id ON sessions (user_id)",
        """
        CREATE TABLE api_tokens (
          id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
          name TEXT NOT NULL,
          token_hash TEXT NOT NULL UNIQUE,
          created_at TIMESTAMPTZ NOT NULL
        )
        """,
        "CREATE INDEX api_tokens_user_id ON api_tokens (user_id)",
      ]),
    Migration(
      "002_accounts_and_trades",
      [
        """
        CREATE TABLE accounts (
          user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
          cash NUMERIC NOT NULL CHECK (cash >= 0),
          starting_cash NUMERIC NOT NULL,
          realized_profit NUMERIC NOT NULL
        )
        """,
        """
        CREATE TABLE positions (
          user_id BIGINT NOT NULL REFERENCES accounts (user_id) ON DELETE CASCADE,
          symbol TEXT NOT NULL,
          shares NUMERIC NOT NULL CHECK (shares > 0),
          total_cost NUMERIC NOT NULL CHECK (total_cost >= 0),
          sort_order INTEGER NOT NULL,
          PRIMARY KEY (user_id, symbol)
        )
        """,
        """
        CREATE TABLE trades (
          id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          user_id BIGINT NOT NULL REFERENCES accounts (user_id) ON DELETE CASCADE,
          symbol TEXT NOT NULL,
          side TEXT NOT NULL CHECK (side IN ('buy', 'sell')),
          shares NUMERIC NOT NULL CHECK (shares > 0),
          price NUMERIC NOT NULL CHECK (price > 0),
          amount NUMERIC NOT NULL CHECK (amount >= 0),
          realized_profit NUMERIC NOT NULL,
          cash_after NUMERIC NOT NULL CHECK (cash_after >= 0),
          executed_at TIMESTAMPTZ NOT NULL,
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
          user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
          symbol TEXT NOT NULL,
          sort_order INTEGER NOT NULL,
          added_at TIMESTAMPTZ NOT NULL,
          PRIMARY KEY (user_id, symbol)
        )
        """,
        """
        CREATE TABLE goals (
          id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
          title TEXT NOT NULL,
          description TEXT NOT NULL,
          target NUMERIC NOT NULL CHECK (target > 0),
          allocations JSONB NOT NULL,
          created_at TIMESTAMPTZ NOT NULL,
          updated_at TIMESTAMPTZ NOT NULL
        )
        """,
        "CREATE INDEX goals_user_id ON goals (user_id)",
      ]),
    Migration(
      "004_brokerage_links",
      [
        """
        CREATE TABLE brokerage_links (
          user_id BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
          provider TEXT NOT NULL,
          sealed_credentials BYTEA NOT NULL,
          key_hint TEXT NOT NULL,
          linked_at TIMESTAMPTZ NOT NULL
        )
        """
      ]),
    Migration(
      "005_orders",
      [
        // An order's fills and status changes live in its JSON `body` (the `Order` as
        // RavenCore encodes it, times in microseconds); the columns are what lists,
        // checks and the engine select by.
        """
        CREATE TABLE orders (
          seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          id TEXT NOT NULL UNIQUE,
          user_id BIGINT NOT NULL REFERENCES accounts (user_id) ON DELETE CASCADE,
          client_order_id TEXT NOT NULL,
          symbol TEXT NOT NULL,
          side TEXT NOT NULL CHECK (side IN ('buy', 'sell')),
          status TEXT NOT NULL,
          is_open BOOLEAN NOT NULL,
          hold_price NUMERIC NOT NULL,
          version BIGINT NOT NULL,
          submitted_at TIMESTAMPTZ NOT NULL,
          body TEXT NOT NULL,
          UNIQUE (user_id, client_order_id)
        )
        """,
        "CREATE INDEX orders_user_seq ON orders (user_id, seq)",
        "CREATE INDEX orders_open ON orders (user_id, symbol) WHERE is_open",
        "ALTER TABLE trades ADD COLUMN order_id TEXT",
        // Every trade made before orders existed becomes a filled market order, with an
        // ID derived from the trade's (the same as SQLite's migration derives).
        """
        INSERT INTO orders (id, user_id, client_order_id, symbol, side, status, is_open,
          hold_price, version, submitted_at, body)
        SELECT upper('00000000-0000-4000-8000-' || lpad(to_hex(id), 12, '0')), user_id, lower(upper('00000000-0000-4000-8000-' || lpad(to_hex(id), 12, '0'))), symbol, side, 'filled', false, price, 1,
          executed_at, json_build_object(
            'id', upper('00000000-0000-4000-8000-' || lpad(to_hex(id), 12, '0')), 'clientOrderId', lower(upper('00000000-0000-4000-8000-' || lpad(to_hex(id), 12, '0'))), 'symbol', symbol, 'side', side,
            'type', 'market', 'qty', shares::text, 'timeInForce', 'day', 'status', 'filled',
            'filledQty', shares::text, 'filledAvgPrice', price::text, 'submittedAt', (extract(epoch FROM executed_at) * 1000000)::bigint,
            'createdAt', (extract(epoch FROM executed_at) * 1000000)::bigint, 'updatedAt', (extract(epoch FROM executed_at) * 1000000)::bigint, 'filledAt', (extract(epoch FROM executed_at) * 1000000)::bigint,
            'fills', json_build_array(
              json_build_object('time', (extract(epoch FROM executed_at) * 1000000)::bigint, 'qty', shares::text, 'price', price::text)),
            'events', json_build_array(
              json_build_object('status', 'new', 'time', (extract(epoch FROM executed_at) * 1000000)::bigint),
              json_build_object('status', 'filled', 'time', (extract(epoch FROM executed_at) * 1000000)::bigint)))::text
        FROM trades ORDER BY id
        """,
        "UPDATE trades SET order_id = upper('00000000-0000-4000-8000-' || lpad(to_hex(id), 12, '0'))",
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
          user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
          name TEXT NOT NULL,
          key_id TEXT NOT NULL UNIQUE,
          secret_hash TEXT NOT NULL,
          read_only BOOLEAN NOT NULL,
          created_at TIMESTAMPTZ NOT NULL
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
          user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
          name TEXT NOT NULL,
          symbols TEXT NOT NULL,
          created_at TIMESTAMPTZ NOT NULL,
          updated_at TIMESTAMPTZ NOT NULL
        )
        """,
        "CREATE INDEX named_watchlists_user_id ON named_watchlists (user_id)",
      ]),
    Migration(
      "009_several_accounts",
      [
        // Each user's ledger becomes their first account, "Individual", keeping its
        // number (the user's id), so no ledger row is rewritten: `accounts.user_id`
        // becomes the account's own `id` (the ledger's foreign keys follow the column),
        // the ledger's tables call theirs `account_id`, and the owner is a new column.
        "ALTER TABLE accounts RENAME COLUMN user_id TO id",
        "ALTER TABLE accounts DROP CONSTRAINT accounts_user_id_fkey",
        "ALTER TABLE accounts ADD COLUMN user_id BIGINT REFERENCES users (id) ON DELETE CASCADE",
        "ALTER TABLE accounts ADD COLUMN name TEXT",
        """
        ALTER TABLE accounts ADD COLUMN kind TEXT NOT NULL DEFAULT 'paper'
          CHECK (kind IN ('paper', 'alpaca'))
        """,
        "ALTER TABLE accounts ADD COLUMN created_at TIMESTAMPTZ",
        "ALTER TABLE accounts ADD COLUMN closed_at TIMESTAMPTZ",
        "ALTER TABLE accounts ADD COLUMN period INTEGER NOT NULL DEFAULT 1",
        "ALTER TABLE accounts ADD COLUMN period_started_at TIMESTAMPTZ",
        """
        UPDATE accounts AS a SET user_id = a.id, name = 'Individual', created_at = u.created_at
        FROM users AS u WHERE u.id = a.id
        """,
        """
        ALTER TABLE accounts ALTER COLUMN user_id SET NOT NULL,
          ALTER COLUMN name SET NOT NULL, ALTER COLUMN created_at SET NOT NULL,
          ALTER COLUMN kind DROP DEFAULT
        """,
        "ALTER TABLE accounts ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY",
        """
        SELECT setval(pg_get_serial_sequence('accounts', 'id'),
          COALESCE((SELECT max(id) FROM accounts), 0) + 1, false)
        """,
        "CREATE INDEX accounts_user_id ON accounts (user_id)",
        """
        CREATE UNIQUE INDEX accounts_open_name ON accounts (user_id, lower(name))
        WHERE closed_at IS NULL
        """,
        "ALTER TABLE positions RENAME COLUMN user_id TO account_id",
        "ALTER TABLE trades RENAME COLUMN user_id TO account_id",
        "ALTER TABLE orders RENAME COLUMN user_id TO account_id",
        // A linked Alpaca account becomes an account of its own, kind `alpaca`.
        """
        INSERT INTO accounts (user_id, name, kind, cash, starting_cash, realized_profit,
          created_at)
        SELECT user_id, 'Alpaca', 'alpaca', 0, 0, 0, linked_at FROM brokerage_links
        """,
        """
        ALTER TABLE brokerage_links
          ADD COLUMN account_id BIGINT REFERENCES accounts (id) ON DELETE CASCADE
        """,
        """
        UPDATE brokerage_links AS l SET account_id = a.id FROM accounts AS a
        WHERE a.user_id = l.user_id AND a.kind = 'alpaca'
        """,
        "ALTER TABLE brokerage_links DROP COLUMN user_id",
        "ALTER TABLE brokerage_links ALTER COLUMN account_id SET NOT NULL",
        "ALTER TABLE brokerage_links ADD PRIMARY KEY (account_id)",
        // Goals and the Alpaca-compatible watchlists are an account's: the first one's.
        "ALTER TABLE goals RENAME COLUMN user_id TO account_id",
        "ALTER TABLE goals DROP CONSTRAINT goals_user_id_fkey",
        """
        ALTER TABLE goals ADD CONSTRAINT goals_account_id_fkey
          FOREIGN KEY (account_id) REFERENCES accounts (id) ON DELETE CASCADE
        """,
        "ALTER INDEX goals_user_id RENAME TO goals_account_id",
        "ALTER TABLE named_watchlists RENAME COLUMN user_id TO account_id",
        "ALTER TABLE named_watchlists DROP CONSTRAINT named_watchlists_user_id_fkey",
        """
        ALTER TABLE named_watchlists ADD CONSTRAINT named_watchlists_account_id_fkey
          FOREIGN KEY (account_id) REFERENCES accounts (id) ON DELETE CASCADE
        """,
        "ALTER INDEX named_watchlists_user_id RENAME TO named_watchlists_account_id",
        // A key belongs to its user (who signs in with it) and to one of their accounts
        // (what it trades): every existing key to the first.
        """
        ALTER TABLE api_keys
          ADD COLUMN account_id BIGINT REFERENCES accounts (id) ON DELETE CASCADE
        """,
        "UPDATE api_keys SET account_id = user_id",
        "ALTER TABLE api_keys ALTER COLUMN account_id SET NOT NULL",
        "CREATE INDEX api_keys_account_id ON api_keys (account_id)",
        // A reset starts an account's next period: its trades say which they belong to.
        "ALTER TABLE trades ADD COLUMN period INTEGER NOT NULL DEFAULT 1",
      ]),
    Migration(
      "010_account_settings",
      [
        // How each account trades (`AccountSettings` as JSON); '{}' reads as the
        // defaults, a cash account's.
        "ALTER TABLE accounts ADD COLUMN settings TEXT NOT NULL DEFAULT '{}'"
      ]),
    Migration(
      "011_margin_accounts",
      [
        // A margin account borrows (cash below zero) and sells short (negative shares,
        // and a negative cost basis: the proceeds).
        "ALTER TABLE accounts DROP CONSTRAINT accounts_cash_check",
        "ALTER TABLE positions DROP CONSTRAINT positions_shares_check",
        "ALTER TABLE positions DROP CONSTRAINT positions_total_cost_check",
        "ALTER TABLE positions ADD CONSTRAINT positions_shares_check CHECK (shares <> 0)",
        "ALTER TABLE trades DROP CONSTRAINT trades_cash_after_check",
      ]),
    Migration(
      "012_orders_by_time",
      [
        // Lists of orders by submission time (Alpaca's after, until and direction), paged
        // by (time, sequence) rather than by the order rows were stored in alone.
        "CREATE INDEX orders_account_time ON orders (account_id, submitted_at, seq)"
      ]),
    Migration(
      "013_corporate_actions",
      [
        // Each corporate action is booked once per account it touches (a position, an
        // open order: the row's key), with what it did to the account beside it, in one
        // transaction.
        """
        CREATE TABLE corporate_actions_booked (
          action_id TEXT NOT NULL,
          account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
          booked_at TIMESTAMPTZ NOT NULL,
          PRIMARY KEY (action_id, account_id)
        )
        """,
        """
        CREATE TABLE corporate_action_bookings (
          action_id TEXT NOT NULL,
          account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
          period INTEGER NOT NULL,
          symbol TEXT NOT NULL,
          kind TEXT NOT NULL CHECK (kind IN ('split', 'dividend')),
          shares_before NUMERIC NOT NULL,
          shares_after NUMERIC NOT NULL,
          amount NUMERIC NOT NULL,
          ex_date TEXT NOT NULL,
          payable_date TEXT NOT NULL,
          booked_at TIMESTAMPTZ NOT NULL,
          paid_at TIMESTAMPTZ,
          PRIMARY KEY (action_id, account_id)
        )
        """,
        """
        CREATE INDEX corporate_action_bookings_unpaid ON corporate_action_bookings (payable_date)
        WHERE paid_at IS NULL
        """,
        "CREATE INDEX corporate_action_bookings_account ON corporate_action_bookings (account_id)",
      ]),
    Migration(
      "014_transfers",
      [
        // Deposits and withdrawals: money from outside an account, kept apart from its
        // return. The amount is signed (negative: a withdrawal); a repeated idempotency key
        // finds the first transfer.
        """
        CREATE TABLE transfers (
          id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
          period INTEGER NOT NULL,
          amount NUMERIC NOT NULL CHECK (amount <> 0),
          idempotency_key TEXT,
          created_at TIMESTAMPTZ NOT NULL,
          UNIQUE (account_id, idempotency_key)
        )
        """,
        "CREATE INDEX transfers_account ON transfers (account_id, period, id)",
      ]),
    Migration(
      "015_session_closes",
      [
        // With live data, each session's close of each symbol an account's history was
        // valued at, as the provider first gave it: the past is never revalued. Dates as
        // text (YYYY-MM-DD) sort as dates.
        """
        CREATE TABLE session_closes (
          symbol TEXT NOT NULL,
          session_date TEXT NOT NULL,
          close NUMERIC NOT NULL CHECK (close > 0),
          source TEXT NOT NULL,
          PRIMARY KEY (symbol, session_date)
        )
        """
      ]),
  ]
}
