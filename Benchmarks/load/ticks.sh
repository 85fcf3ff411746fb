#!/usr/bin/env bash
# What a day of historical trades costs (issue 33): every page of /v2/stocks/trades for one
# full session of AAPL, fetched ten times, timed by the client and by the server's CPU.
#
#   swift build -c release --product raven && Benchmarks/load/ticks.sh
source "$(dirname "$0")/lib.sh"

start_server
token="$(make_token ticks)"
read -r key_id secret < <(curl -fs -X POST "$BASE/api/v1/auth/api-keys" \
  -H "Authorization: Bearer $token" -H 'Content-Type: application/json' -d '{"name":"ticks"}' |
  python3 -c 'import json, sys; body = json.load(sys.stdin); print(body["keyId"], body["secret"])')
python3 "$LOAD_DIR/ticks.py" "$BASE" "$key_id" "$secret" "$SERVER_PID"
