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
  ]
}
