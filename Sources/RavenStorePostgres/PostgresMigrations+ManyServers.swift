import RavenCore
import RavenStore

extension PostgresMigrations {
  /// What servers sharing one database share (016–018), and what makes their requests
  /// cheaper for the database (019 on).
  static let manyServers: [Migration] = [
    Migration(
      "016_minute_volume",
      [
        // The shares orders placed during a minute filled from it, per symbol and side,
        // so that every server's placements and the engine share one participation cap.
        // Minutes as microseconds; rows go once the engine has matched their minute.
        """
        CREATE TABLE minute_volume (
          symbol TEXT NOT NULL,
          minute BIGINT NOT NULL,
          side TEXT NOT NULL,
          shares NUMERIC NOT NULL CHECK (shares > 0),
          PRIMARY KEY (symbol, minute, side)
        )
        """
      ]),
    Migration(
      "017_attempts",
      [
        // The throttles' counts (sign-ins, wrong API secrets, sign-ups) that every server
        // shares; with SQLite, one server keeps them in memory. Times as microseconds.
        """
        CREATE TABLE attempts (
          id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          name TEXT NOT NULL,
          at BIGINT NOT NULL
        )
        """,
        "CREATE INDEX attempts_name ON attempts (name, at)",
        "CREATE INDEX attempts_at ON attempts (at)",
      ]),
    Migration(
      "018_rate_buckets",
      [
        // Each live provider's rate budget (its token buckets, by the index of their limit)
        // that every server calling it pays from; times as microseconds. Token counts are
        // not money: fractions of a call as the buckets refill, in floating point.
        """
        CREATE TABLE rate_buckets (
          provider TEXT NOT NULL,
          bucket INTEGER NOT NULL,
          tokens DOUBLE PRECISION NOT NULL,
          updated_at BIGINT NOT NULL,
          PRIMARY KEY (provider, bucket)
        )
        """
      ]),
    Migration(
      "019_order_holds",
      [
        // What an open order holds of its account, kept beside its JSON body when the
        // order is written: every placement and account read sums its account's open
        // orders' holds, and parsing each body there (`body::jsonb`) was most of the
        // database's work under load. The function is immutable (its output depends on its
        // text alone), as a generated column's expression must be.
        """
        CREATE FUNCTION raven_order_hold(body TEXT) RETURNS TEXT
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        AS $$
          SELECT json_build_array(b ->> 'qty', b ->> 'filledQty', b ->> 'notional',
            b ->> 'positionIntent', b ->> 'sharesHeldByPair')::text
          FROM (SELECT body::jsonb AS b) AS parsed
        $$
        """,
        """
        ALTER TABLE orders
        ADD COLUMN hold_fields TEXT GENERATED ALWAYS AS (raven_order_hold(body)) STORED
        """,
      ]),
    Migration(
      "020_locked_reads",
      [
        // An account's open orders' holds as one JSON array: per order its id, symbol,
        // side, hold price, status and hold fields. In PL/pgSQL, whose plans each
        // connection keeps: an SQL function with a FROM is planned again on every call.
        """
        CREATE FUNCTION raven_account_holds(for_account BIGINT) RETURNS TEXT
        LANGUAGE plpgsql STABLE PARALLEL SAFE
        AS $$
        BEGIN
          RETURN (
            SELECT COALESCE(json_agg(json_build_array(o.id, o.symbol, o.side,
              o.hold_price::text, o.status, o.hold_fields::json)), '[]')::text
            FROM orders AS o
            WHERE o.account_id = for_account AND o.is_open);
        END
        $$
        """,
        // A placement's lock and reads in one round trip: the account's row locked until
        // the transaction ends, then (a statement of its own, so with a snapshot taken
        // after the lock's last holder committed) the account, its position in the symbol,
        // whether the client order id is taken, and its open orders' holds. Every round
        // trip while the lock is held is time the account's other requests wait.
        """
        CREATE FUNCTION raven_lock_for_placement(
          for_account BIGINT, for_symbol TEXT, for_client_order_id TEXT)
        RETURNS TABLE (cash TEXT, realized_profit TEXT, user_id BIGINT, kind TEXT,
          closed BOOLEAN, settings TEXT, held TEXT, client_order_id_taken BOOLEAN, holds TEXT)
        LANGUAGE plpgsql VOLATILE
        AS $$
        BEGIN
          PERFORM 1 FROM accounts AS a WHERE a.id = for_account FOR UPDATE;
          RETURN QUERY
          SELECT a.cash::text, a.realized_profit::text, a.user_id, a.kind,
            a.closed_at IS NOT NULL, a.settings,
            (SELECT json_build_array(p.shares::text, p.total_cost::text) FROM positions AS p
              WHERE p.account_id = for_account AND p.symbol = for_symbol)::text,
            EXISTS (SELECT 1 FROM orders AS o
              WHERE o.account_id = for_account AND o.client_order_id = for_client_order_id),
            raven_account_holds(for_account)
          FROM accounts AS a WHERE a.id = for_account;
        END
        $$
        """,
        // An order change's locks and reads in one round trip: the account's row, then the
        // order's (the same order as every path takes them), then the account, the order,
        // the position in its symbol and (when asked: a transaction changing several
        // orders keeps them) the open orders' holds. No row when the account is not there;
        // the order's columns are null when it is not the account's.
        """
        CREATE FUNCTION raven_lock_for_change(
          for_account BIGINT, for_order TEXT, with_holds BOOLEAN)
        RETURNS TABLE (cash TEXT, realized_profit TEXT, user_id BIGINT, kind TEXT,
          closed BOOLEAN, settings TEXT, body TEXT, hold_price TEXT, version BIGINT,
          seq BIGINT, held TEXT, holds TEXT)
        LANGUAGE plpgsql VOLATILE
        AS $$
        BEGIN
          PERFORM 1 FROM accounts AS a WHERE a.id = for_account FOR UPDATE;
          PERFORM 1 FROM orders AS o
          WHERE o.id = for_order AND o.account_id = for_account FOR UPDATE;
          RETURN QUERY
          SELECT a.cash::text, a.realized_profit::text, a.user_id, a.kind,
            a.closed_at IS NOT NULL, a.settings, o.body, o.hold_price::text, o.version, o.seq,
            (SELECT json_build_array(p.shares::text, p.total_cost::text) FROM positions AS p
              WHERE p.account_id = for_account AND p.symbol = o.symbol)::text,
            CASE WHEN with_holds THEN raven_account_holds(for_account) END
          FROM accounts AS a
          LEFT JOIN orders AS o ON o.id = for_order AND o.account_id = a.id
          WHERE a.id = for_account;
        END
        $$
        """,
      ]),
  ]
}
