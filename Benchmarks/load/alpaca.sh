#!/usr/bin/env bash
# The Alpaca-compatible API under load (issue 13's figures), each beside the same server's
# /healthz in one run: a year of one symbol's minute bars through /v2/stocks/bars paged at
# 10,000, and order round trips per second through POST /v2/orders (a market order for one
# share, signed with an API key).
#
#   swift build -c release --product raven
#   Benchmarks/load/alpaca.sh            # DURATION=10s CONNECTIONS=16
source "$(dirname "$0")/lib.sh"
DURATION="${DURATION:-10s}"
CONNECTIONS="${CONNECTIONS:-16}"
THREADS="${THREADS:-$([[ -n "$CLIENT_CPUS" ]] && echo 1 || echo 2)}"

STARTING_CASH=1000000000000 start_server  # $1e12: no buy in the run is refused for cash
TOKEN="$(make_token trader)"
read -r KEY_ID SECRET < <(curl -fs -X POST "$BASE/api/v1/auth/api-keys" \
  -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' -d '{"name":"load"}' |
  python3 -c 'import json, sys; k = json.load(sys.stdin); print(k["keyId"], k["secret"])')
export KEY_ID SECRET

echo "== bars: a year of AAPL minute bars, pages of 10,000"
python3 "$LOAD_DIR/alpaca_bars.py" "$BASE" "$KEY_ID" "$SECRET"

echo "== /healthz, wrk $THREADS threads x $CONNECTIONS connections"
pinned "$CLIENT_CPUS" wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$BASE/healthz" |
  grep -E "Requests/sec|99%"
echo "== POST /v2/orders (market, 1 share), wrk $THREADS threads x $CONNECTIONS connections"
pinned "$CLIENT_CPUS" wrk -t"$THREADS" -c"$CONNECTIONS" -d5s -s "$LOAD_DIR/alpaca_order.lua" \
  "$BASE/v2/orders" >/dev/null  # warm-up
pinned "$CLIENT_CPUS" wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency \
  -s "$LOAD_DIR/alpaca_order.lua" "$BASE/v2/orders" | grep -E "Requests/sec|99%|non-2xx"
