"""A day of AAPL's historical trades through /v2/stocks/trades, every page at the largest
page size (10,000), ten times over: the trades, pages and bytes, and the median wall time
and server CPU time (/proc/PID/stat, user + system) of a whole day.

    ticks.py BASE KEY_ID SECRET SERVER_PID
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
import urllib.parse
import urllib.request


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def day(base: str, headers: dict) -> tuple[int, int, int]:
    token, trades, pages, size = None, 0, 0, 0
    while True:
        query = {"start": "2026-11-19", "end": "2026-11-19", "limit": 10000,
                 **({"page_token": token} if token else {})}
        url = f"{base}/v2/stocks/AAPL/trades?{urllib.parse.urlencode(query)}"
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=300) as r:
            raw = r.read()
        page = json.loads(raw)
        trades += len(page["trades"])
        pages += 1
        size += len(raw)
        token = page.get("next_page_token")
        if not token:
            return trades, pages, size


def main() -> None:
    base, key_id, secret, pid = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    headers = {"APCA-API-KEY-ID": key_id, "APCA-API-SECRET-KEY": secret}
    walls, cpus = [], []
    for _ in range(10):
        cpu, wall = cpu_seconds(pid), time.perf_counter()
        trades, pages, size = day(base, headers)
        walls.append(time.perf_counter() - wall)
        cpus.append(cpu_seconds(pid) - cpu)
    print(f"a day of AAPL: {trades} trades, {pages} page(s), {size} bytes; "
          f"median wall {statistics.median(walls):.3f} s, "
          f"median server CPU {statistics.median(cpus):.2f} s (10 runs)")


if __name__ == "__main__":
    main()
