"""Crash safety for corporate actions (issue 34): a person holds LLY and CVX at Monday
2026-11-02's close on a market running 2,000 times real time (the server's default seed);
overnight LLY splits 2:1 and CVX goes ex-dividend ($0.84, payable 2026-11-23). The server is
SIGKILLed and restarted around Tuesday's open, when both are booked; then

  - LLY is held twice over at the same total cost, CVX unchanged;
  - the account lists exactly one split and one dividend (10 × $0.84 = $8.40, pending);
  - the portfolio's cash is still the replay of the trades (the dividend is not paid yet),
    and its pending dividends are $8.40.

Used by crash_test.py (`--rounds` kills, the same seed).
"""

from __future__ import annotations

import os
import random
import subprocess
import time
import uuid
from decimal import Decimal
from urllib.parse import urlsplit, urlunsplit

import raven_ci


def run(binary: str, database_url: str | None, rounds: int, seed: int, verify, check, work: str) -> str:
    rng = random.Random(seed)
    port = raven_ci.free_port()
    base = f"http://127.0.0.1:{port}"
    arguments = [
        "--port", str(port), "--data-dir", os.path.join(work, "actions-data"),
        "--sim-start", "2026-11-02T20:58:00Z", "--sim-speed", "2000", "--log-level", "warning",
    ]  # fmt: skip
    if database_url:
        arguments += ["--database-url", fresh_database(database_url)]
    server = raven_ci.Server(binary, arguments, os.path.join(work, "server.log"))
    server.start()
    try:
        raven_ci.wait_healthy(base, 60, server.process)
        token, _ = raven_ci.sign_up_with_token(base, f"acts{uuid.uuid4().hex[:12]}")
        headers = {"Authorization": f"Bearer {token}"}
        for symbol, shares in [("LLY", "3"), ("CVX", "10")]:
            status, body, _ = raven_ci.request(
                base, "POST", "/api/v1/trades", {"symbol": symbol, "side": "buy", "shares": shares},
                headers)
            check(status == 201, f"buying {symbol} answered {status}: {body}")
        before = positions(base, headers, check)
        # Tuesday's open comes about 32 s after the start: the kills fall around it.
        time.sleep(rng.uniform(24.0, 34.0))
        for _ in range(rounds):
            server.kill()
            time.sleep(rng.uniform(0.0, 2.0))
            server.start()
            raven_ci.wait_healthy(base, 60, server.process)
            time.sleep(rng.uniform(0.5, 4.0))
        deadline = time.monotonic() + 60
        while True:
            activities = all_activities(base, headers, check)
            kinds = [a["kind"] for a in activities if a["kind"] != "fill"]
            if len(kinds) >= 2 or time.monotonic() > deadline:
                break
            time.sleep(1)
        splits = [a for a in activities if a["kind"] == "split"]
        dividends = [a for a in activities if a["kind"] == "dividend"]
        check([a["symbol"] for a in splits] == ["LLY"], f"the splits booked: {splits}")
        check([a["symbol"] for a in dividends] == ["CVX"], f"the dividends booked: {dividends}")
        check(dividends[0]["amount"] == "8.40", f"the dividend: {dividends[0]}")
        after = positions(base, headers, check)
        check(
            after["LLY"] == (before["LLY"][0] * 2, before["LLY"][1]),
            f"LLY after its 2:1 split: {after['LLY']}, before: {before['LLY']}")
        check(after["CVX"] == before["CVX"], f"CVX moved: {after['CVX']}, before: {before['CVX']}")
        # The trades alone still give the cash: the dividend is paid on 2026-11-23.
        verify_cash(base, headers, check)
        return f"LLY's split and CVX's dividend booked once through {rounds} kills"
    finally:
        server.stop()


def positions(base: str, headers: dict, check) -> dict[str, tuple[Decimal, Decimal]]:
    status, body, _ = raven_ci.request(base, "GET", "/api/v1/portfolio", headers=headers)
    check(status == 200, f"GET /api/v1/portfolio answered {status}: {body}")
    return {p["symbol"]: (Decimal(p["shares"]), Decimal(p["totalCost"])) for p in body["positions"]}


def all_activities(base: str, headers: dict, check) -> list[dict]:
    status, body, _ = raven_ci.request(base, "GET", "/api/v1/activities?limit=200", headers=headers)
    check(status == 200, f"GET /api/v1/activities answered {status}: {body}")
    ids = [a["id"] for a in body["activities"]]
    check(len(ids) == len(set(ids)), f"an activity is listed twice: {ids}")
    return body["activities"]


def verify_cash(base: str, headers: dict, check) -> None:
    status, trades, _ = raven_ci.request(base, "GET", "/api/v1/trades?limit=200", headers=headers)
    check(status == 200, f"GET /api/v1/trades answered {status}: {trades}")
    cash = Decimal("25000") + sum(
        Decimal(t["amount"]) * (-1 if t["side"] == "buy" else 1) for t in trades["trades"])
    status, body, _ = raven_ci.request(base, "GET", "/api/v1/portfolio", headers=headers)
    check(status == 200, f"GET /api/v1/portfolio answered {status}")
    check(Decimal(body["cash"]) == cash, f"cash {body['cash']}, the trades give {cash}")
    check(body.get("dividendsPending") == "8.40", f"pending dividends: {body.get('dividendsPending')}")
    check(body.get("dividendsReceived") == "0.00", f"dividends received: {body.get('dividendsReceived')}")


def fresh_database(url: str) -> str:
    """A new database on `url`'s server: this market starts before the other crash tests'
    fills, which a database that has them refuses (as `raven serve` documents)."""
    name = f"raven_actions_{uuid.uuid4().hex[:8]}"
    subprocess.run(["psql", url, "-qc", f"CREATE DATABASE {name}"], check=True)
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{name}"))
