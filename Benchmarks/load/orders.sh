#!/usr/bin/env bash
# Orders through HTTP: placed orders/s of POST /api/v1/orders (a market order for one share,
# bearer token, several connections of one user) under wrk, and how many of them filled at
# once. Every 201 is a committed order; the script counts the orders table and its filled
# rows. Beside Benchmarks/load/trades.sh (the simple trade) on the same machine.
#
#   swift build -c release --product raven
#   Benchmarks/load/orders.sh            # DURATION=20s CONNECTIONS=16
source "$(dirname "$0")/lib.sh"
DURATION="${DURATION:-20s}"
CONNECTIONS="${CONNECTIONS:-16}"
THREADS="${THREADS:-$([[ -n "$CLIENT_CPUS" ]] && echo 1 || echo 2)}"

STARTING_CASH=1000000000000 start_server  # $1e12: no buy in the run is refused for cash
TOKEN="$(make_token trader)"
export TOKEN
count() { sqlite3 "$DATA_DIR/raven.sqlite" "SELECT COUNT(*) FROM orders $1"; }
pinned "$CLIENT_CPUS" wrk -t"$THREADS" -c"$CONNECTIONS" -d5s -s "$LOAD_DIR/order.lua" \
  "$BASE/api/v1/orders" >/dev/null  # warm-up
before="$(count "")"
filled_before="$(count "WHERE status = 'filled'")"
pinned "$CLIENT_CPUS" wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency \
  -s "$LOAD_DIR/order.lua" "$BASE/api/v1/orders"
echo "orders committed during the run: $(($(count "") - before))"
echo "of which filled by the end of the run: $(($(count "WHERE status = 'filled'") - filled_before))"
echo "open at the end (waiting for volume): $(count "WHERE is_open = 1")"
