#!/usr/bin/env bash
# Figure 3: upstream calls per minute with 1 and 1,000 clients polling the same 50
# symbols every 15 s (a fresh server for each run, so that nothing carries over).
#
#   swift build -c release && pip install aiohttp
#   Benchmarks/load/upstream_calls.sh            # WINDOW=60 seconds measured per run
source "$(dirname "$0")/lib.sh"
WINDOW="${WINDOW:-60}"
METRICS_PORT="${METRICS_PORT:-18392}"  # metrics have a listener of their own
for run in "1 staggered" "1000 staggered" "1000 together"; do
  set -- $run
  start_server --metrics-port "$METRICS_PORT"
  pinned "$CLIENT_CPUS" python3 "$LOAD_DIR/upstream_calls.py" --base "$BASE" --clients "$1" \
    --metrics "http://127.0.0.1:$METRICS_PORT" --phase "$2" --window "$WINDOW"
  stop_server
done
