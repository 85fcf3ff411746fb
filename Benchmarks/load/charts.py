"""The first request of a symbol's chart, per range, as a newcomer meets it: every request
asks for a symbol no earlier request asked for (so neither the server's caches nor the
simulated market's series hold it), five symbols per range and kind; the very first request
also finds the market's factors unbuilt. Usage: charts.py BASE."""

from __future__ import annotations

import statistics
import sys
import time
import urllib.request

SYMBOLS = ("AAPL MSFT KO XOM JPM PFE WMT IBM GE INTC AMZN GOOGL CSCO ORCL PG JNJ MRK CVX BAC "
           "WFC HD MCD DIS NKE T VZ CAT BA MMM UNH ADBE AMD AMGN AXP BK BLK BMY C CL COP COST "
           "CRM CVS DE DHR DUK EMR F FDX GD GILD GS HON INTU ISRG KMB LLY LMT LOW MA MDT MET "
           "MO MS NEE NFLX NOW NVDA ORLY PEP PM PYPL QCOM RTX SBUX SCHW SO SPGI SYK TGT TMO "
           "TXN UNP UPS USB V ABT").split()
RANGES = ("MAX", "5Y", "1Y", "3M", "1M", "1W", "1D")


def timed(url: str) -> float:
    started = time.perf_counter()
    with urllib.request.urlopen(url, timeout=600) as response:
        response.read()
    return time.perf_counter() - started


def main() -> None:
    base = sys.argv[1].rstrip("/")
    fresh = iter(SYMBOLS)
    first = next(fresh)
    print(f"very first request (nothing built): chart MAX {first} "
          f"{timed(f'{base}/api/v1/stocks/{first}/chart?range=MAX') * 1000:.0f} ms")
    print(f"{'range':<6} {'chart p50':>10} {'max':>8} {'candles p50':>12} {'max':>8}  (ms, 5 new symbols each)")
    for name in RANGES:
        row = []
        for kind in ("chart", "candles"):
            samples = [timed(f"{base}/api/v1/stocks/{next(fresh)}/{kind}?range={name}")
                       for _ in range(5)]
            row += [statistics.median(samples) * 1000, max(samples) * 1000]
        print(f"{name:<6} {row[0]:>10.1f} {row[1]:>8.1f} {row[2]:>12.1f} {row[3]:>8.1f}")
    health = [timed(f"{base}/healthz") for _ in range(50)]
    print(f"/healthz beside it: p50 {statistics.median(health) * 1000:.2f} ms")


if __name__ == "__main__":
    main()
