#!/usr/bin/env bash
# How much one /v2/stocks/bars request may cost (issue 37, point 4): the outside probe's
# request from year 1 for 100 symbols, and two decades of minutes before a listing, timed
# by the client and by the server's CPU.
#
#   swift build -c release --product raven && Benchmarks/load/bars_range.sh
source "$(dirname "$0")/lib.sh"

start_server
token="$(make_token bars)"
read -r key_id secret < <(curl -fs -X POST "$BASE/api/v1/auth/api-keys" \
  -H "Authorization: Bearer $token" -H 'Content-Type: application/json' -d '{"name":"bars"}' |
  python3 -c 'import json, sys; body = json.load(sys.stdin); print(body["keyId"], body["secret"])')
python3 "$LOAD_DIR/bars_range.py" "$BASE" "$key_id" "$secret" "$SERVER_PID"
