"""A year of one symbol's minute bars through GET /v2/stocks/bars, paged at 10,000 as
alpaca-py pages them, beside the same server's /healthz: wall time per page and in all,
and the time of one /healthz request. Usage: alpaca_bars.py BASE KEY_ID SECRET."""

from __future__ import annotations

import json
import statistics
import sys
import time
import urllib.parse
import urllib.request


def get(url: str, headers: dict) -> dict:
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=600) as r:
        return json.loads(r.read())


def main() -> None:
    base, key_id, secret = sys.argv[1:4]
    headers = {"APCA-API-KEY-ID": key_id, "APCA-API-SECRET-KEY": secret}
    query = {"symbols": "AAPL", "timeframe": "1Min", "start": "2025-11-20T00:00:00Z",
             "end": "2026-11-20T00:00:00Z", "limit": "10000"}
    for label in ("cold", "warm"):
        pages, bars, token, started = [], 0, None, time.perf_counter()
        while True:
            params = dict(query, **({"page_token": token} if token else {}))
            t0 = time.perf_counter()
            page = get(f"{base}/v2/stocks/bars?{urllib.parse.urlencode(params)}", headers)
            pages.append(time.perf_counter() - t0)
            bars += len(page["bars"].get("AAPL", []))
            token = page.get("next_page_token")
            if not token:
                break
        total = time.perf_counter() - started
        print(f"{label}: {bars} bars in {len(pages)} pages, {total * 1000:.0f} ms in all; "
              f"page p50 {statistics.median(pages) * 1000:.0f} ms, max {max(pages) * 1000:.0f} ms")
    samples = []
    for _ in range(200):
        t0 = time.perf_counter()
        urllib.request.urlopen(base + "/healthz", timeout=10).read()
        samples.append(time.perf_counter() - t0)
    print(f"/healthz beside it: p50 {statistics.median(samples) * 1000:.2f} ms (same client, one at a time)")


if __name__ == "__main__":
    main()
