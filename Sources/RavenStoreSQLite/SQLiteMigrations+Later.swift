import RavenCore
import RavenStore

extension SQLiteMigrations {
  /// 010 on.
  static let later: [Migration] = [
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
        // and a negative cost basis: the proceeds). SQLite cannot drop a CHECK, so the
        // three tables are rebuilt without those; foreign keys are off while it migrates.
        """
        CREATE TABLE accounts_new (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
          name TEXT NOT NULL,
          kind TEXT NOT NULL CHECK (kind IN ('paper', 'alpaca')),
          cash TEXT NOT NULL,
          starting_cash TEXT NOT NULL,
          realized_profit TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          closed_at INTEGER,
          period INTEGER NOT NULL DEFAULT 1,
          period_started_at INTEGER,
          settings TEXT NOT NULL DEFAULT '{}'
        )
        """,
        """
        INSERT INTO accounts_new (id, user_id, name, kind, cash, starting_cash, realized_profit,
          created_at, closed_at, period, period_started_at, settings)
        SELECT id, user_id, name, kind, cash, starting_cash, realized_profit, created_at,
          closed_at, period, period_started_at, settings
        FROM accounts
        """,
        // Numbers are never reused: the new table counts on from where the old one was.
        """
        UPDATE sqlite_sequence SET seq = max(seq, (SELECT seq FROM sqlite_sequence WHERE name = 'accounts'))
        WHERE name = 'accounts_new' AND EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'accounts')
        """,
        "DROP TABLE accounts",
        "ALTER TABLE accounts_new RENAME TO accounts",
        "CREATE INDEX accounts_user_id ON accounts (user_id)",
        """
        CREATE UNIQUE INDEX accounts_open_name ON accounts (user_id, lower(name))
        WHERE closed_at IS NULL
        """,
        """
        CREATE TABLE positions_new (
          account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
          symbol TEXT NOT NULL,
          shares TEXT NOT NULL CHECK (CAST(shares AS REAL) <> 0),
          total_cost TEXT NOT NULL,
          sort_order INTEGER NOT NULL,
          PRIMARY KEY (account_id, symbol)
        )
        """,
        """
        INSERT INTO positions_new (account_id, symbol, shares, total_cost, sort_order)
        SELECT account_id, symbol, shares, total_cost, sort_order FROM positions
        """,
        "DROP TABLE positions",
        "ALTER TABLE positions_new RENAME TO positions",
        """
        CREATE TABLE trades_new (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
          symbol TEXT NOT NULL,
          side TEXT NOT NULL CHECK (side IN ('buy', 'sell')),
          shares TEXT NOT NULL CHECK (CAST(shares AS REAL) > 0),
          price TEXT NOT NULL CHECK (CAST(price AS REAL) > 0),
          amount TEXT NOT NULL CHECK (CAST(amount AS REAL) >= 0),
          realized_profit TEXT NOT NULL,
          cash_after TEXT NOT NULL,
          executed_at INTEGER NOT NULL,
          idempotency_key TEXT,
          order_id TEXT,
          period INTEGER NOT NULL DEFAULT 1,
          UNIQUE (account_id, idempotency_key)
        )
        """,
        """
        INSERT INTO trades_new (id, account_id, symbol, side, shares, price, amount,
          realized_profit, cash_after, executed_at, idempotency_key, order_id, period)
        SELECT id, account_id, symbol, side, shares, price, amount, realized_profit,
          cash_after, executed_at, idempotency_key, order_id, period
        FROM trades
        """,
        // Numbers are never reused: the new table counts on from where the old one was.
        """
        UPDATE sqlite_sequence SET seq = max(seq, (SELECT seq FROM sqlite_sequence WHERE name = 'trades'))
        WHERE name = 'trades_new' AND EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'trades')
        """,
        "DROP TABLE trades",
        "ALTER TABLE trades_new RENAME TO trades",
        "CREATE INDEX trades_user_id_id ON trades (account_id, id)",
        "CREATE INDEX trades_order_id ON trades (order_id)",
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
          account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
          booked_at INTEGER NOT NULL,
          PRIMARY KEY (action_id, account_id)
        )
        """,
        """
        CREATE TABLE corporate_action_bookings (
          action_id TEXT NOT NULL,
          account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
          period INTEGER NOT NULL,
          symbol TEXT NOT NULL,
          kind TEXT NOT NULL CHECK (kind IN ('split', 'dividend')),
          shares_before TEXT NOT NULL,
          shares_after TEXT NOT NULL,
          amount TEXT NOT NULL,
          ex_date TEXT NOT NULL,
          payable_date TEXT NOT NULL,
          booked_at INTEGER NOT NULL,
          paid_at INTEGER,
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
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
          period INTEGER NOT NULL,
          amount TEXT NOT NULL CHECK (CAST(amount AS REAL) <> 0),
          idempotency_key TEXT,
          created_at INTEGER NOT NULL,
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
          close TEXT NOT NULL,
          source TEXT NOT NULL,
          PRIMARY KEY (symbol, session_date)
        ) WITHOUT ROWID
        """
      ]),
    Migration(
      "016_minute_volume",
      [
        // The shares orders placed during a minute filled from it, per symbol and side,
        // so that every server's placements and the engine share one participation cap.
        // Minutes as microseconds; rows go once the engine has matched their minute.
        """
        CREATE TABLE minute_volume (
          symbol TEXT NOT NULL,
          minute INTEGER NOT NULL,
          side TEXT NOT NULL,
          shares TEXT NOT NULL,
          PRIMARY KEY (symbol, minute, side)
        ) WITHOUT ROWID
        """
      ]),
  ]
}
