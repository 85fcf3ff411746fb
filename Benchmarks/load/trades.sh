#!/usr/bin/env bash
# Figure 2 through HTTP: committed trades/s of POST /api/v1/trades (one share per trade,
# bearer token, several connections of one user) under wrk. Every 201 is a committed
# trade; the script checks the count against the trades table.
#
#   swift build -c release
#   Benchmarks/load/trades.sh            # DURATION=20s CONNECTIONS=16
source "$(dirname "$0")/lib.sh"
DURATION="${DURATION:-20s}"
CONNECTIONS="${CONNECTIONS:-16}"
THREADS="${THREADS:-$([[ -n "$CLIENT_CPUS" ]] && echo 1 || echo 2)}"

start_server
TOKEN="$(make_token trader)"
export TOKEN
pinned "$CLIENT_CPUS" wrk -t"$THREADS" -c"$CONNECTIONS" -d5s -s "$LOAD_DIR/trade.lua" \
  "$BASE/api/v1/trades" >/dev/null  # warm-up
before="$(sqlite3 "$DATA_DIR/raven.sqlite" 'SELECT COUNT(*) FROM trades')"
pinned "$CLIENT_CPUS" wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency \
  -s "$LOAD_DIR/trade.lua" "$BASE/api/v1/trades"
after="$(sqlite3 "$DATA_DIR/raven.sqlite" 'SELECT COUNT(*) FROM trades')"
echo "trades committed during the run: $((after - before))"
