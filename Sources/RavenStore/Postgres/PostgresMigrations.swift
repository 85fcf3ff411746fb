/// PostgreSQL's schema, as numbered migrations. Append new ones; never edit a shipped one.
///
/// Amounts are unconstrained `NUMERIC`, which keeps each value's scale: `187.9500` comes
/// back as `187.9500`. They are written as text cast to `numeric` and read back with
/// `::text`, so no binary float is ever involved. Times are `timestamptz` (microseconds).
enum PostgresMigrations {
  static let all: [Migration] = [
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
  ]
}
