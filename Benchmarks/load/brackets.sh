#!/usr/bin/env bash
# What placing a bracket order costs (issue 33): POST /v2/orders, one after another, for a
# simple limit order, a limit bracket (entry resting, its two exits held) and a market
# bracket (entry filled at once, its exits armed), timed by the client; then the whole
# account's open orders canceled.
#
#   swift build -c release --product raven && Benchmarks/load/brackets.sh
source "$(dirname "$0")/lib.sh"

start_server
token="$(make_token brackets)"
read -r key_id secret < <(curl -fs -X POST "$BASE/api/v1/auth/api-keys" \
  -H "Authorization: Bearer $token" -H 'Content-Type: application/json' -d '{"name":"brackets"}' |
  python3 -c 'import json, sys; body = json.load(sys.stdin); print(body["keyId"], body["secret"])')
python3 "$LOAD_DIR/brackets.py" "$BASE" "$key_id" "$secret"
