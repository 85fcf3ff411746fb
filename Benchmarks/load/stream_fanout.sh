#!/usr/bin/env bash
# Figure 4: one quote tick to 1,000 and 10,000 WebSocket subscribers, and the server's
# memory with 512 idle WebSocket connections.
#
#   swift build -c release
#   Benchmarks/load/stream_fanout.sh
source "$(dirname "$0")/lib.sh"
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
DURATION="${DURATION:-20}"
PROCESSES="${PROCESSES:-2}"

start_server
echo "server RSS at start: $(( $(server_rss_kib) / 1024 )) MiB"
pinned "$CLIENT_CPUS" python3 "$LOAD_DIR/stream_fanout.py" --port "$PORT" --connections 512 \
  --processes 1 --idle --duration 1 --pid "$SERVER_PID"
stop_server

for connections in 1000 10000; do
  start_server
  pinned "$CLIENT_CPUS" python3 "$LOAD_DIR/stream_fanout.py" --port "$PORT" \
    --connections "$connections" --processes "$PROCESSES" --duration "$DURATION" \
    --pid "$SERVER_PID"
  stop_server
done
