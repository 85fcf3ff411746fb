#!/usr/bin/env bash
# Figure 1: requests/s of GET /api/v1/portfolio (USERS users with 20 positions each, their
# bearer tokens in turn) as a share of the same server's GET /healthz, under wrk.
#
#   swift build -c release --product raven
#   Benchmarks/load/portfolio.sh                 # server and wrk share both cores
#   SERVER_CPUS=0 CLIENT_CPUS=1 Benchmarks/load/portfolio.sh   # one core each
#
# USERS (default 100), DURATION (default 20s), CONNECTIONS (default 32), THREADS (default 1
# when pinned, else 2).
source "$(dirname "$0")/lib.sh"
DURATION="${DURATION:-20s}"
CONNECTIONS="${CONNECTIONS:-32}"
THREADS="${THREADS:-$([[ -n "$CLIENT_CPUS" ]] && echo 1 || echo 2)}"
USERS="${USERS:-100}"

# Each user signs up from an address of its own (X-Forwarded-For from a trusted local
# proxy), as users do: sign-ups are throttled per address.
start_server --trusted-proxy 127.0.0.1/32
TOKENS_FILE="$DATA_DIR/tokens.txt"
export TOKENS_FILE
# USERS accounts, each buying 3 shares of the same twenty stocks.
python3 - "$BASE" "$USERS" "$TOKENS_FILE" "${TWENTY_SYMBOLS[@]}" <<'PY'
import json, sys, urllib.request
base, users, path, symbols = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
def call(method, route, body, token=None, address="10.0.0.1"):
    headers = {"Content-Type": "application/json", "X-Forwarded-For": address}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(base + route, json.dumps(body).encode(), headers, method=method)
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read() or b"{}")
tokens = []
for n in range(users):
    user = {"username": f"portfolio{n}", "password": "correct-horse-battery"}
    address = f"10.0.{n // 250}.{n % 250 + 1}"
    call("POST", "/api/v1/auth/signup", user, address=address)
    token = call("POST", "/api/v1/auth/tokens", dict(user, name="load"), address=address)["token"]
    for symbol in symbols:
        call("POST", "/api/v1/trades", {"symbol": symbol, "side": "buy", "shares": "3"}, token)
    tokens.append(token)
with open(path, "w") as out:
    out.write("\n".join(tokens) + "\n")
PY
TOKEN="$(head -1 "$TOKENS_FILE")"
positions="$(curl -fs "$BASE/api/v1/portfolio" -H "Authorization: Bearer $TOKEN" |
  python3 -c 'import json, sys; print(len(json.load(sys.stdin)["positions"]))')"
echo "users: $(wc -l <"$TOKENS_FILE"), positions each: $positions"
[[ "$positions" == 20 ]] || { echo "expected 20 positions" >&2; exit 1; }

server_cpu_ticks() {  # user + system CPU time of the server so far, in clock ticks
  awk '{ print $14 + $15 }' "/proc/$SERVER_PID/stat"
}

run_wrk() {  # run_wrk [wrk options] URL: prints "requests/s server-CPU-µs-per-request"
  local out before after
  before="$(server_cpu_ticks)"
  out="$(pinned "$CLIENT_CPUS" wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$@")"
  after="$(server_cpu_ticks)"
  echo "$out" >&2
  # The server's own CPU per request is steadier than requests/s when other work
  # shares the machine.
  echo "$out" | awk -v ticks="$((after - before))" -v hz="$(getconf CLK_TCK)" '
    /^Requests\/sec:/ { rate = $2 }
    / requests in / { count = $1 }
    END { printf "%s %.1f\n", rate, ticks / hz / count * 1e6 }'
}

# Warm up (caches, statement caches, the allocator) before measuring.
pinned "$CLIENT_CPUS" wrk -t"$THREADS" -c"$CONNECTIONS" -d5s "$BASE/healthz" >/dev/null
pinned "$CLIENT_CPUS" wrk -t"$THREADS" -c"$CONNECTIONS" -d5s -s "$LOAD_DIR/portfolio.lua" \
  "$BASE" >/dev/null

echo "== GET /healthz" >&2
health="$(run_wrk "$BASE/healthz")"
echo "== GET /api/v1/portfolio" >&2
portfolio="$(run_wrk -s "$LOAD_DIR/portfolio.lua" "$BASE")"
python3 - $health $portfolio <<'PY'
import sys
health, health_cpu, portfolio, portfolio_cpu = map(float, sys.argv[1:])
print(f"healthz: {health:,.0f} req/s ({health_cpu:.0f} us server CPU per request)  "
      f"portfolio: {portfolio:,.0f} req/s ({portfolio_cpu:.0f} us)  "
      f"ratio: {100 * portfolio / health:.1f}% (goal >= 40%); "
      f"CPU ratio: {100 * health_cpu / portfolio_cpu:.1f}%")
PY
