# Shared helpers for the load scripts: start a release server on a throwaway database,
# make a user with an API token. Source it; it expects RAVEN_BIN (default: the release
# build of the parent package) and PORT.
set -euo pipefail

LOAD_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PACKAGE_DIR="$(cd "$LOAD_DIR/../.." && pwd)"
RAVEN_BIN="${RAVEN_BIN:-$PACKAGE_DIR/.build/release/raven}"
PORT="${PORT:-18391}"
BASE="http://127.0.0.1:$PORT"
# A Friday mid-session (10:00 New York): the simulated market moves, so quotes change.
SIM_START="${SIM_START:-2026-11-20T15:00:00Z}"
# The server's CPUs and the load generator's (2 cores: they share the machine).
SERVER_CPUS="${SERVER_CPUS:-}"
CLIENT_CPUS="${CLIENT_CPUS:-}"

pinned() {  # pinned CPUS command...: runs the command on CPUS when CPUS is set
  local cpus="$1"
  shift
  if [[ -n "$cpus" ]]; then taskset -c "$cpus" "$@"; else "$@"; fi
}

start_server() {  # start_server [extra raven serve flags...]; sets SERVER_PID, DATA_DIR
  [[ -x "$RAVEN_BIN" ]] || { echo "build first: swift build -c release" >&2; exit 1; }
  if curl -s -o /dev/null "$BASE/healthz"; then
    echo "something already listens on port $PORT; set PORT" >&2
    exit 1
  fi
  DATA_DIR="$(mktemp -d /tmp/raven-load.XXXXXX)"
  local command=("$RAVEN_BIN" serve --port "$PORT" --data-dir "$DATA_DIR" \
    --sim-start "$SIM_START" --starting-cash 10000000 --log-level warning "$@")
  # taskset execs the server, so $! is the server's own pid.
  [[ -n "$SERVER_CPUS" ]] && command=(taskset -c "$SERVER_CPUS" "${command[@]}")
  "${command[@]}" >"$DATA_DIR/server.log" 2>&1 &
  SERVER_PID=$!
  trap stop_server EXIT
  for _ in $(seq 100); do
    kill -0 "$SERVER_PID" 2>/dev/null || break
    curl -fs "$BASE/healthz" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  echo "server did not start; log:" >&2
  cat "$DATA_DIR/server.log" >&2
  exit 1
}

stop_server() {
  if [[ -n "${SERVER_PID:-}" ]]; then
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
    SERVER_PID=""
  fi
  [[ -n "${DATA_DIR:-}" ]] && rm -rf "$DATA_DIR"
  return 0
}

server_rss_kib() {  # resident memory of the server process
  awk '/^VmRSS:/ { print $2 }' "/proc/$SERVER_PID/status"
}

make_token() {  # make_token USERNAME: signs up and prints a bearer token
  local user="$1" password="correct-horse-battery"
  curl -fs -o /dev/null -X POST "$BASE/api/v1/auth/signup" -H 'Content-Type: application/json' \
    -d "{\"username\":\"$user\",\"password\":\"$password\"}"
  curl -fs -X POST "$BASE/api/v1/auth/tokens" -H 'Content-Type: application/json' \
    -d "{\"username\":\"$user\",\"password\":\"$password\",\"name\":\"load\"}" |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])'
}

buy() {  # buy TOKEN SYMBOL SHARES
  curl -fs -o /dev/null -X POST "$BASE/api/v1/trades" -H "Authorization: Bearer $1" \
    -H 'Content-Type: application/json' -d "{\"symbol\":\"$2\",\"side\":\"buy\",\"shares\":\"$3\"}"
}

# Twenty large US companies of the simulated universe.
TWENTY_SYMBOLS=(AAPL MSFT AMZN GOOGL META NVDA TSLA JPM V JNJ WMT PG MA HD XOM KO PEP CSCO ORCL INTC)
