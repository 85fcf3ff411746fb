"""Bounds cases the schema-driven fuzzer does not reach: amounts at and past the bounds
on every route they enter (Raven's API and the Alpaca-compatible /v2), the outside probe's
order that once halted every engine, and a bars request from year 1.

    python3 .ci/fuzz_bounds.py BASE TOKEN

Every answer must be below 500; every amount past a bound must get 422; the account must
still read afterwards. Exits non-zero on the first failure, saying which request.
"""

from __future__ import annotations

import sys
import time

from raven_ci import request

HUGE = "123456789012345678901234567890"  # 30 digits: the most the decimal reader takes
PAST_PRICE = ["1000000.01", "1000001", HUGE, "999999999999999999999999999.99"]
PAST_QTY = ["10000000.000000001", "10000001", HUGE]

failures: list[str] = []


def check(label: str, status: int, expected: set[int]) -> None:
    if status >= 500 or status not in expected:
        failures.append(f"{label}: {status}, expected one of {sorted(expected)}")


def main(base: str, token: str) -> int:
    bearer = {"Authorization": f"Bearer {token}"}
    status, key, _ = request(base, "POST", "/api/v1/auth/api-keys", {"name": "bounds"}, bearer)
    if status != 201:
        print(f"fuzz-bounds: creating an API key answered {status}: {key}", file=sys.stderr)
        return 1
    alpaca = {"APCA-API-KEY-ID": key["keyId"], "APCA-API-SECRET-KEY": key["secret"]}

    # Shares to sell, so that sales are refused for their amounts, not for want of shares
    # (the fuzzer may have spent the account's cash: then amounts are still checked first).
    status, _, _ = request(base, "POST", "/api/v1/trades", {"symbol": "F", "side": "buy", "shares": "2"}, bearer)
    check("buy 2 F", status, {201, 422})

    for price in PAST_PRICE:
        for body in (
            {"symbol": "F", "side": "buy", "type": "limit", "qty": "1", "limitPrice": price},
            {"symbol": "F", "side": "sell", "type": "stop", "qty": "1", "stopPrice": price, "timeInForce": "gtc"},
            {"symbol": "F", "side": "sell", "type": "trailing_stop", "qty": "1", "trailPrice": price, "timeInForce": "gtc"},
        ):
            check(f"POST /api/v1/orders {body}", request(base, "POST", "/api/v1/orders", body, bearer)[0], {422})
        for body in (
            {"symbol": "F", "qty": "1", "side": "sell", "type": "stop", "stop_price": price, "time_in_force": "gtc"},
            {"symbol": "F", "qty": 1, "side": "buy", "type": "limit", "limit_price": price, "time_in_force": "gtc"},
        ):
            check(f"POST /v2/orders {body}", request(base, "POST", "/v2/orders", body, alpaca)[0], {422})
    for qty in PAST_QTY:
        check(f"trade {qty}", request(base, "POST", "/api/v1/trades", {"symbol": "F", "side": "buy", "shares": qty}, bearer)[0], {422})
        body = {"symbol": "F", "side": "buy", "type": "limit", "qty": qty, "limitPrice": "1.00"}
        check(f"order {qty}", request(base, "POST", "/api/v1/orders", body, bearer)[0], {422})
        body = {"symbol": "F", "qty": qty, "side": "buy", "type": "limit", "limit_price": "1.00", "time_in_force": "day"}
        check(f"/v2 order {qty}", request(base, "POST", "/v2/orders", body, alpaca)[0], {422})
        goal = {"title": "Big", "target": "100", "allocations": [{"symbol": "F", "shares": qty}]}
        check(f"goal {qty}", request(base, "POST", "/api/v1/goals", goal, bearer)[0], {422})

    # At the bounds, orders are taken (a sale of a share at the largest stop price).
    status, resting, _ = request(base, "POST", "/v2/orders", {"symbol": "F", "qty": "1", "side": "sell", "type": "stop", "stop_price": "1000000", "time_in_force": "gtc"}, alpaca)
    check("/v2 stop at the bound", status, {200, 403})
    if status == 200:
        for price in PAST_PRICE:
            check(f"PATCH /v2/orders stop {price}", request(base, "PATCH", f"/v2/orders/{resting['id']}", {"stop_price": price}, alpaca)[0], {422})
            check(f"PATCH /api/v1/orders stop {price}", request(base, "PATCH", f"/api/v1/orders/{resting['id']}", {"stopPrice": price}, bearer)[0], {422})

    started = time.monotonic()
    status, _, _ = request(base, "GET", "/v2/stocks/bars?symbols=AAPL,MSFT,KO&timeframe=1Min&start=0001-01-01&end=1999-12-31", headers=alpaca, timeout=60)
    check("bars from year 1", status, {200})
    if time.monotonic() - started > 30:
        failures.append("bars from year 1 took more than 30 s")

    for path in ("/v2/account", "/v2/orders?status=all"):
        check(f"GET {path}", request(base, "GET", path, headers=alpaca)[0], {200})
    check("DELETE /v2/orders", request(base, "DELETE", "/v2/orders", headers=alpaca)[0], {207})

    for failure in failures:
        print(f"fuzz-bounds: {failure}", file=sys.stderr)
    print(f"fuzz-bounds: {'FAILED' if failures else 'passed'} ({len(failures)} failures)", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
