"""The outside probe's bars request (issue 37, point 4) and a pre-listing range, timed by the
client (wall) and by the server's own CPU time (/proc/PID/stat, user + system).

    bars_range.py BASE KEY_ID SECRET SERVER_PID

1. 100 symbols, 1Min, start=0001-01-01, end=1999-12-31: years before the market's history.
2. ABNB (listed 2020-12-10), 1Min, 2000-01-01 to its first ten minutes, every page.
"""

from __future__ import annotations

import json
import os
import sys
import time
import urllib.parse
import urllib.request


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def get(base: str, path: str, headers: dict) -> tuple[dict, int]:
    request = urllib.request.Request(base + path, headers=headers)
    with urllib.request.urlopen(request, timeout=900) as response:
        raw = response.read()
    return json.loads(raw), len(raw)


def timed(label: str, pid: int, pages) -> None:
    cpu, wall = cpu_seconds(pid), time.perf_counter()
    count, size, bars = 0, 0, 0
    for page, length in pages:
        count += 1
        size += length
        bars += sum(len(v) for v in page["bars"].values())
    print(f"{label}: {bars} bars, {count} page(s), {size} bytes; "
          f"wall {time.perf_counter() - wall:.3f} s, server CPU {cpu_seconds(pid) - cpu:.2f} s")


def main() -> None:
    base, key_id, secret, pid = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    headers = {"APCA-API-KEY-ID": key_id, "APCA-API-SECRET-KEY": secret}
    assets, _ = get(base, "/v2/assets?status=active", headers)
    symbols = sorted(asset["symbol"] for asset in assets)[:100]

    def probe():
        query = urllib.parse.urlencode({"symbols": ",".join(symbols), "timeframe": "1Min",
                                        "start": "0001-01-01", "end": "1999-12-31"})
        yield get(base, f"/v2/stocks/bars?{query}", headers)

    def listing():
        token = None
        while True:
            query = {"symbols": "ABNB", "timeframe": "1Min", "start": "2000-01-01",
                     "end": "2020-12-10T14:40:00Z", **({"page_token": token} if token else {})}
            page, length = get(base, f"/v2/stocks/bars?{urllib.parse.urlencode(query)}", headers)
            yield page, length
            token = page.get("next_page_token")
            if not token:
                return

    timed(f"year 1 to 1999, {len(symbols)} symbols, 1Min", pid, probe())
    timed("ABNB 2000-01-01 to its first 10 minutes, 1Min, all pages", pid, listing())


if __name__ == "__main__":
    main()
