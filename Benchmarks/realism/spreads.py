#!/usr/bin/env python3
"""How wide the simulated market's quotes are: the half-spread (ask − price, price − bid)
of a range of stocks, every 15 minutes of one week's sessions, through `raven quote --json
--at`, which computes the simulated market (seed 0) on this machine.

    swift build --product raven
    python3 Benchmarks/realism/spreads.py [--raven .build/debug/raven] [--week 2026-11-16]

Prints, per symbol, the price, the median and 90th percentile half-spread in cents and in
basis points, and the median half-spread by time of day over all symbols (busy open and
close, thin midday). Standard library only.
"""
import argparse
import datetime as dt
import json
import statistics
import subprocess
from decimal import Decimal

# From the busiest to the thinnest trading, and the dearest shares.
SYMBOLS = "AAPL NVDA MSFT KO PFE F JPM XOM INTC IBM GE ALGN AZO NVR".split()


def quotes(raven: str, instant: str) -> list[dict]:
    out = subprocess.run([raven, "quote", *SYMBOLS, "--json", "--local", "--at", instant],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--raven", default=".build/debug/raven")
    parser.add_argument("--week", default="2026-11-16", help="a Monday")
    args = parser.parse_args()
    monday = dt.date.fromisoformat(args.week)
    halves: dict[str, list[tuple[Decimal, Decimal]]] = {s: [] for s in SYMBOLS}
    # (symbol, hour of the day) → half-spreads in basis points.
    by_hour: dict[tuple[str, int], list[Decimal]] = {}
    for day in range(5):
        date = monday + dt.timedelta(days=day)
        # 9:45 to 15:45 New York (EST in November: UTC−5), every 15 minutes.
        for step in range(25):
            minutes = 9 * 60 + 45 + 15 * step
            instant = f"{date}T{(minutes // 60) + 5:02d}:{minutes % 60:02d}:30Z"
            for quote in quotes(args.raven, instant):
                if "ask" not in quote:
                    continue
                price = Decimal(quote["price"])
                half = (Decimal(quote["ask"]) - Decimal(quote["bid"])) / 2
                bp = half / price * 10_000
                halves[quote["symbol"]].append((half, bp))
                by_hour.setdefault((quote["symbol"], minutes // 60), []).append(bp)
    print(f"week of {monday}, seed 0, 25 instants a session\n")
    print("| symbol | price | half-spread p50 | p90 | p50 in bp |")
    print("| --- | --- | --- | --- | --- |")
    last = quotes(args.raven, f"{monday + dt.timedelta(days=4)}T20:00:00Z")
    wide = []
    for symbol in SYMBOLS:
        cents = sorted(h * 100 for h, _ in halves[symbol])
        bps = statistics.median(b for _, b in halves[symbol])
        price = next(q["price"] for q in last if q["symbol"] == symbol)
        if cents[len(cents) // 2] > 1:
            wide.append(symbol)
        print(f"| {symbol} | ${price} | {cents[len(cents) // 2]:.1f}¢ | "
              f"{cents[int(0.9 * len(cents))]:.1f}¢ | {bps:.2f} |")
    # Where a cent is not the floor, the spread follows the day: wide at the open.
    print(f"\nmedian half-spread in bp by hour, {' '.join(wide)} (above a tick):")
    for hour in range(9, 16):
        row = [statistics.median(by_hour[(s, hour)]) for s in wide if (s, hour) in by_hour]
        print(f"  {hour:02d}h  " + "  ".join(f"{v:5.2f}" for v in row))

if __name__ == "__main__":
    main()
