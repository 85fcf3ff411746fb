"""Crash safety for resting orders: limit orders rest on a market running 60 times real
time while the server is SIGKILLed and restarted on the same data, again and again; then

  - every order's fills sum to its filled quantity, never more than it asked for, and its
    status says so (filled exactly when nothing remains);
  - no buy filled above its limit, no sale below it;
  - the fills of all orders are exactly the stored trades, one for one (a fill applied
    twice, or one lost between order and account, would show here);
  - replaying the trades from the starting cash gives the portfolio (as crash_test checks);
  - some resting order filled after a kill: the restarts matched the minutes they missed.

Used by crash_test.py (`--rounds` kills, the same seed).
"""

from __future__ import annotations

import os
import random
import time
import uuid
from collections import Counter
from datetime import datetime
from decimal import Decimal

import raven_ci

CENT = Decimal("0.01")


def _when(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def all_orders(base: str, headers: dict, check) -> list[dict]:
    orders, cursor = [], None
    while True:
        path = "/api/v1/orders?status=all&limit=50" + (f"&before={cursor}" if cursor else "")
        status, body, _ = raven_ci.request(base, "GET", path, headers=headers)
        check(status == 200, f"GET {path} answered {status}: {body}")
        orders.extend(body["orders"])
        cursor = body["nextCursor"]
        if cursor is None:
            return orders


def place_resting_orders(base: str, headers: dict, symbols: list[str], rng, check) -> int:
    """A few shares of each symbol at the market, then limits around it; returns the count."""
    placed = 0
    for symbol in symbols:
        status, body, _ = raven_ci.request(
            base, "POST", "/api/v1/orders", {"symbol": symbol, "side": "buy", "qty": "4"}, headers)
        check(status == 201, f"a market buy of {symbol} answered {status}: {body}")
        status, quote, _ = raven_ci.request(base, "GET", f"/api/v1/stocks/{symbol}/quote", headers=headers)
        check(status == 200, f"the quote of {symbol} answered {status}")
        price = Decimal(quote["price"])
        offsets = [Decimal(d) for d in ("0.0005", "0.001", "0.002", "0.003", "0.005")]
        for offset in offsets:
            for side, factor, qty in [("buy", 1 - offset, rng.randint(1, 6)), ("sell", 1 + offset, 1)]:
                if side == "sell" and offset > Decimal("0.002"):
                    continue  # four shares held, three resting sales at most
                order = {
                    "symbol": symbol, "side": side, "type": "limit", "qty": str(qty),
                    "limitPrice": str((price * factor).quantize(CENT)), "timeInForce": "gtc",
                    "clientOrderId": f"rest-{uuid.uuid4().hex[:12]}",
                }  # fmt: skip
                status, body, _ = raven_ci.request(base, "POST", "/api/v1/orders", order, headers)
                check(status == 201, f"placing {order} answered {status}: {body}")
                placed += 1
    return placed


def verify_orders(base: str, headers: dict, trades: list[dict], kills: list[datetime], check) -> str:
    orders = all_orders(base, headers, check)
    fills = Counter()
    resting_fills_after_kill = 0
    for order in orders:
        qty = Decimal(order["qty"])
        filled = Decimal(order["filledQty"])
        total = sum((Decimal(f["qty"]) for f in order["fills"]), Decimal(0))
        check(total == filled, f"order {order['id']}'s fills sum to {total}, filledQty is {filled}")
        check(filled <= qty, f"order {order['id']} filled {filled} of {qty}")
        if order["status"] == "filled":
            check(filled == qty, f"order {order['id']} is filled with {filled} of {qty}")
        for fill in order["fills"]:
            price = Decimal(fill["price"])
            if order["type"] == "limit":
                limit = Decimal(order["limitPrice"])
                better = price <= limit if order["side"] == "buy" else price >= limit
                check(better, f"order {order['id']} ({order['side']} limit {limit}) filled at {price}")
                if any(_when(fill["time"]) > kill for kill in kills):
                    resting_fills_after_kill += 1
            fills[(order["symbol"], order["side"], Decimal(fill["qty"]), price, _when(fill["time"]))] += 1
    stored = Counter(
        (t["symbol"], t["side"], Decimal(t["shares"]), Decimal(t["price"]), _when(t["time"]))
        for t in trades
    )
    check(
        fills == stored,
        f"fills without a trade: {dict(fills - stored)}; trades without a fill: {dict(stored - fills)}",
    )
    check(resting_fills_after_kill > 0, "no resting order filled after a kill: nothing was tested")
    limits = sum(1 for o in orders if o["type"] == "limit")
    return (
        f"{limits} resting limit orders, {sum(stored.values())} fills all matched to trades, "
        f"{resting_fills_after_kill} after a kill"
    )


def run(binary: str, database_url: str | None, rounds: int, seed: int, verify, check, work: str) -> str:
    """Places resting orders, kills and restarts the server `rounds` times while they fill,
    and checks the books; `verify(base, headers, [])` is crash_test's trade replay."""
    rng = random.Random(seed)
    port = raven_ci.free_port()
    base = f"http://127.0.0.1:{port}"
    arguments = [
        "--port", str(port), "--data-dir", os.path.join(work, "orders-data"),
        "--sim-start", "2026-11-20T15:00:00Z", "--sim-speed", "60", "--log-level", "warning",
    ]  # fmt: skip
    if database_url:
        arguments += ["--database-url", database_url]
    server = raven_ci.Server(binary, arguments, os.path.join(work, "server.log"))
    server.start()
    try:
        raven_ci.wait_healthy(base, 60, server.process)
        token, _ = raven_ci.sign_up_with_token(base, f"rest{uuid.uuid4().hex[:12]}")
        headers = {"Authorization": f"Bearer {token}"}
        place_resting_orders(base, headers, ["AAPL", "MSFT", "NVDA", "KO"], rng, check)
        kills = []
        for _ in range(rounds):
            time.sleep(rng.uniform(2.0, 6.0))  # two to six market minutes of matching
            status, body, _ = raven_ci.request(base, "GET", "/api/v1/market/status")
            check(status == 200, f"GET /api/v1/market/status answered {status}")
            kills.append(_when(body["time"]))
            server.kill()
            time.sleep(rng.uniform(0.0, 2.0))  # minutes pass while the server is down
            server.start()
            raven_ci.wait_healthy(base, 60, server.process)
        time.sleep(8)  # the restarted engine catches up on the minutes it missed
        trades = verify(base, headers, [])
        return verify_orders(base, headers, trades, kills, check)
    finally:
        server.stop()
