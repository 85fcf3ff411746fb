"""Placing orders through /v2/orders one after another, N of each kind: a simple limit
order, a limit bracket (resting entry, two held exits: three orders stored) and a market
bracket (an entry filled as it is placed, its exits armed), with the client's latency
percentiles for each.

    brackets.py BASE KEY_ID SECRET [N]
"""

from __future__ import annotations

import json
import statistics
import sys
import time
import urllib.request


def post(base: str, headers: dict, body: dict) -> dict:
    request = urllib.request.Request(
        f"{base}/v2/orders", data=json.dumps(body).encode(), method="POST",
        headers={**headers, "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.loads(answer.read())


def latest(base: str, headers: dict, symbol: str) -> float:
    request = urllib.request.Request(f"{base}/v2/stocks/{symbol}/trades/latest", headers=headers)
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.loads(answer.read())["trade"]["p"]


def timed(base: str, headers: dict, bodies: list[dict]) -> list[float]:
    times = []
    for body in bodies:
        start = time.perf_counter()
        post(base, headers, body)
        times.append((time.perf_counter() - start) * 1000)
    return times


def cancel_all(base: str, headers: dict) -> None:
    """Cancels every open order, so that each kind is placed beside as few as the first."""
    request = urllib.request.Request(f"{base}/v2/orders", method="DELETE", headers=headers)
    with urllib.request.urlopen(request, timeout=300) as answer:
        answer.read()


def describe(name: str, times: list[float]) -> None:
    times = sorted(times)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(f"{name:<44} n={len(times)}  p50 {statistics.median(times):6.2f} ms  p99 {p99:6.2f} ms")


def main() -> None:
    base, key_id, secret = sys.argv[1], sys.argv[2], sys.argv[3]
    count = int(sys.argv[4]) if len(sys.argv) > 4 else 300
    headers = {"APCA-API-KEY-ID": key_id, "APCA-API-SECRET-KEY": secret}
    price = latest(base, headers, "F")
    low = round(price / 2, 2)
    simple = {"symbol": "F", "qty": "1", "side": "buy", "type": "limit",
              "limit_price": str(low), "time_in_force": "gtc"}
    resting = {**simple, "order_class": "bracket",
               "take_profit": {"limit_price": str(round(low * 1.5, 2))},
               "stop_loss": {"stop_price": str(round(low * 0.8, 2))}}
    filled = {"symbol": "F", "qty": "1", "side": "buy", "type": "market", "time_in_force": "gtc",
              "order_class": "bracket",
              "take_profit": {"limit_price": str(round(price * 1.5, 2))},
              "stop_loss": {"stop_price": str(round(price * 0.5, 2))}}
    timed(base, headers, [simple] * 20)  # warm up
    for name, body in [
        ("simple limit order (resting)", simple),
        ("limit bracket (entry resting, 2 exits held)", resting),
        ("market bracket (entry filled, 2 exits armed)", filled),
    ]:
        cancel_all(base, headers)
        describe(name, timed(base, headers, [body] * count))


if __name__ == "__main__":
    main()
