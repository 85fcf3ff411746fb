#!/usr/bin/env bash
# The first request of a symbol's chart and candles, per range (issue 15's chart row): each
# request a symbol no earlier one asked for, on a fresh server.
#
#   swift build -c release --product raven && Benchmarks/load/charts.sh
#   RAVEN_BIN=.build/debug/raven Benchmarks/load/charts.sh     # what `swift run` gives
source "$(dirname "$0")/lib.sh"

start_server
python3 "$LOAD_DIR/charts.py" "$BASE"
