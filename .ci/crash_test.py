"""Crash safety: SIGKILL `raven serve` in the middle of a burst of trades, restart it on
the same data, and check that nothing acknowledged was lost and that the books balance;
then the same for resting orders filling while the server is killed (crash_orders.py), for
a split and a dividend booked while it is killed around their ex-date (crash_actions.py),
and on PostgreSQL for two servers whose engine's server is killed (crash_engine.py).
After each round each account takes a deposit and a withdrawal, the server killed while the
withdrawal is in flight: retried with its key, it moves money once.
The user trades in two accounts at once (their first and a second one, named with
?account=), and each account's books are checked on their own.

    python3 .ci/crash_test.py --binary PATH [--database-url URL] [--rounds 3]

The server is first killed during its very first start (mid-migration, maybe). Then each
round fires trades from many threads (buys and sells of a few symbols, each with its own
Idempotency-Key), kills the server the moment the round's number of trades has been
acknowledged (early, mid-burst or late), restarts it on the same data and checks that:
  - every trade answered 201 is in GET /api/v1/trades (read page by page through
    nextCursor) exactly as it was acknowledged, and no trade appears twice;
  - replaying the stored trades and transfers, oldest first, from the starting cash gives
    the cash (starting cash + deposits − withdrawals − buys + sales),
    shares, costs and realized profit GET /api/v1/portfolio reports, never going negative
    on the way, and gives each acknowledged trade's cash-after;
  - each request whose answer the kill swallowed, retried with its Idempotency-Key, trades
    at most once: every stored trade no one was told about comes back as the replay of
    exactly one retry, and after the retries every stored trade has been acknowledged.
Exits non-zero on the first broken promise, printing it and the seed that replays the run.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import os
import random
import shutil
import sys
import tempfile
import threading
import time
import uuid
from decimal import ROUND_DOWN, ROUND_UP, Decimal

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import crash_actions  # noqa: E402
import crash_engine  # noqa: E402
import crash_orders  # noqa: E402
import raven_ci  # noqa: E402

STARTING_CASH = Decimal("25000")
SYMBOLS = ["AAPL", "MSFT", "NVDA", "KO"]
CENT = Decimal("0.01")


class Failure(Exception):
    pass


def check(condition: bool, message: str) -> None:
    if not condition:
        raise Failure(message)


class Burst:
    """Trades fired from `threads` threads until told to stop; records every answer."""

    def __init__(self, base: str, token: str, seed: int, kill_at: int, kill, scope: str = ""):
        self.base = base
        self.scope = scope  # "" (the default account) or "?account=ID"
        self.kill_at = kill_at
        self.kill = kill
        self.headers = {"Authorization": f"Bearer {token}"}
        self.random = random.Random(seed)
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.acknowledged: list[dict] = []  # {key, order, trade, cash}
        self.unanswered: list[dict] = []  # {key, order}: sent, answer lost to the kill
        self.refused = 0

    def order(self) -> dict:
        with self.lock:
            symbol = self.random.choice(SYMBOLS)
            side = "buy" if self.random.random() < 0.6 else "sell"
            shares = self.random.choice(["1", "2", "0.5", "0.125", "3"])
        return {"symbol": symbol, "side": side, "shares": shares}

    def worker(self) -> None:
        while not self.stop.is_set():
            order, key = self.order(), str(uuid.uuid4())
            try:
                status, body, _ = raven_ci.request(
                    self.base,
                    "POST",
                    "/api/v1/trades" + self.scope,
                    order,
                    {**self.headers, "Idempotency-Key": key},
                    timeout=20,
                )
            except OSError:
                # The server went away with the request in flight: it may or may not have
                # traded. Stop this thread: the server is down.
                with self.lock:
                    self.unanswered.append({"key": key, "order": order})
                return
            with self.lock:
                if status == 201:
                    self.acknowledged.append(
                        {"key": key, "order": order, "trade": body["trade"], "cash": body["cash"]}
                    )
                    if len(self.acknowledged) == self.kill_at:
                        self.kill()  # at once, while the other threads' trades are in flight
                elif status == 422 and body["error"]["code"] in (
                    "insufficient_shares",
                    "insufficient_funds",
                ):
                    self.refused += 1
                else:
                    self.stop.set()
                    raise Failure(f"trade {order} answered {status}: {body}")

    def acknowledged_count(self) -> int:
        with self.lock:
            return len(self.acknowledged)


def all_trades(base: str, headers: dict, scope: str = "") -> list[dict]:
    """Every stored trade of the account, oldest first, read through nextCursor with small pages."""
    trades, cursor, pages = [], None, 0
    while True:
        path = "/api/v1/trades?limit=37" + (f"&before={cursor}" if cursor else "")
        path += scope.replace("?", "&")
        status, body, _ = raven_ci.request(base, "GET", path, headers=headers)
        check(status == 200, f"GET {path} answered {status}: {body}")
        trades.extend(body["trades"])
        pages += 1
        cursor = body["nextCursor"]
        if cursor is None:
            break
        check(pages < 10_000, "nextCursor never ends")
    trades.reverse()
    return trades


class Books:
    """The account as the stored trades say it must be."""

    def __init__(self):
        self.cash = STARTING_CASH
        self.shares: dict[str, Decimal] = {}
        # Average cost: a buy adds its amount; a sale removes the cost of the shares sold,
        # which is its amount less its realized profit.
        self.total_cost: dict[str, Decimal] = {}
        self.realized_profit = Decimal(0)
        self.cash_after: dict[str, Decimal] = {}


def replay(trades: list[dict], transfers: list[dict] | None = None) -> Books:
    """Replays the stored trades, oldest first, from the starting cash, with each transfer
    ({"after": trade id, "amount": signed Decimal}) after the trade it followed."""
    books = Books()
    cash, shares, cost, cash_after = books.cash, books.shares, books.total_cost, books.cash_after
    pending = sorted(transfers or [], key=lambda t: t["after"])
    for trade in trades:
        while pending and pending[0]["after"] < int(trade["id"]):
            cash += pending.pop(0)["amount"]
        amount, count = Decimal(trade["amount"]), Decimal(trade["shares"])
        price, symbol = Decimal(trade["price"]), trade["symbol"]
        rounding = ROUND_UP if trade["side"] == "buy" else ROUND_DOWN
        check(
            amount == (count * price).quantize(CENT, rounding=rounding),
            f"trade {trade['id']}: amount {amount} is not {count} x {price} rounded to the cent",
        )
        check(count > 0, f"trade {trade['id']} has {count} shares")
        profit = Decimal(trade["realizedProfit"])
        if trade["side"] == "buy":
            check(profit == 0, f"buy {trade['id']} realized a profit of {profit}")
            cash -= amount
            shares[symbol] = shares.get(symbol, Decimal(0)) + count
            cost[symbol] = cost.get(symbol, Decimal(0)) + amount
        else:
            cash += amount
            shares[symbol] = shares.get(symbol, Decimal(0)) - count
            cost[symbol] = cost.get(symbol, Decimal(0)) - (amount - profit)
            books.realized_profit += profit
        check(cash >= 0, f"cash goes negative ({cash}) at trade {trade['id']}")
        check(shares[symbol] >= 0, f"{symbol} shares go negative at trade {trade['id']}")
        if shares[symbol] == 0:
            check(cost[symbol] == 0, f"{symbol} is sold out at trade {trade['id']}, cost left")
            del shares[symbol], cost[symbol]
        cash_after[trade["id"]] = cash
    for transfer in pending:
        cash += transfer["amount"]
    books.cash = cash
    return books


def verify(
    base: str, headers: dict, acknowledged: list[dict], scope: str = "",
    transfers: list[dict] | None = None,
) -> list[dict]:
    trades = all_trades(base, headers, scope)
    by_id = {trade["id"]: trade for trade in trades}
    check(len(by_id) == len(trades), "a trade id appears twice in the trade list")
    ids = [int(trade["id"]) for trade in trades]
    check(ids == sorted(ids), "the trade list is not newest first")
    for ack in acknowledged:
        trade = ack["trade"]
        stored = by_id.get(trade["id"])
        check(stored is not None, f"acknowledged trade {trade['id']} ({ack['order']}) was lost")
        check(stored == trade, f"trade {trade['id']} was acknowledged as {trade}, stored as {stored}")
        check(
            (trade["symbol"], trade["side"], Decimal(trade["shares"]))
            == (ack["order"]["symbol"], ack["order"]["side"], Decimal(ack["order"]["shares"])),
            f"trade {trade['id']} is not the order {ack['order']}",
        )
    books = replay(trades, transfers)
    for ack in acknowledged:
        check(
            Decimal(ack["cash"]) == books.cash_after[ack["trade"]["id"]],
            f"trade {ack['trade']['id']} acknowledged cash {ack['cash']}, "
            f"the replay gives {books.cash_after[ack['trade']['id']]}",
        )
    status, portfolio, _ = raven_ci.request(
        base, "GET", "/api/v1/portfolio" + scope, headers=headers)
    check(status == 200, f"GET /api/v1/portfolio answered {status}: {portfolio}")
    for key, expected in [
        ("startingCash", STARTING_CASH),
        ("cash", books.cash),
        ("realizedProfit", books.realized_profit),
    ]:
        check(
            Decimal(portfolio[key]) == expected,
            f"the portfolio's {key} is {portfolio[key]}, replaying the trades gives {expected}",
        )
    held = {p["symbol"]: Decimal(p["shares"]) for p in portfolio["positions"]}
    check(held == books.shares, f"the portfolio holds {held}, the trades give {books.shares}")
    check(all(n > 0 for n in held.values()), f"a position is not positive: {held}")
    cost = {p["symbol"]: Decimal(p["totalCost"]) for p in portfolio["positions"]}
    check(cost == books.total_cost, f"the positions cost {cost}, the trades give {books.total_cost}")
    return trades


def retry_unanswered(
    base: str, headers: dict, unanswered: list[dict], orphans: set, scope: str = ""
) -> list[dict]:
    """Sends each request whose answer was lost again, with its key: at most one trade each.

    `orphans` are the stored trades no one was told about: each must come back as the
    replay of exactly one retry (a retry that traded anew would have traded twice).
    Returns every 201 answer as an acknowledgement to check from now on.
    """
    acknowledged, claimed = [], []
    for lost in unanswered:
        status, body, answer_headers = raven_ci.request(
            base, "POST", "/api/v1/trades" + scope, lost["order"],
            {**headers, "Idempotency-Key": lost["key"]},
        )
        if status != 201:
            check(status == 422, f"retrying {lost['order']} answered {status}: {body}")
            continue
        if answer_headers.get("Idempotent-Replayed") == "true":
            claimed.append(body["trade"]["id"])
        acknowledged.append(
            {"key": lost["key"], "order": lost["order"], "trade": body["trade"], "cash": body["cash"]}
        )
        # The same key once more must be a replay now, never a second trade.
        again = raven_ci.request(
            base, "POST", "/api/v1/trades" + scope, lost["order"],
            {**headers, "Idempotency-Key": lost["key"]},
        )
        check(
            again[0] == 201 and again[1]["trade"]["id"] == body["trade"]["id"],
            f"a second retry of {lost['key']} answered {again[0]}: {again[1]}",
        )
    check(len(claimed) == len(set(claimed)), f"two keys replayed the same trade: {claimed}")
    check(
        set(claimed) == orphans,
        f"stored trades {sorted(orphans - set(claimed))} belong to no retried request, "
        f"replays {sorted(set(claimed) - orphans)} to no stored trade",
    )
    return acknowledged


def transfers_through_kill(
    server, base: str, headers: dict, scope: str, rng: random.Random, after: int, kill: bool
) -> list[dict]:
    """A deposit, then a withdrawal with the server killed (when `kill`) while it is in
    flight; the withdrawal retried with its key until answered, then once more. Returns
    both as the replay takes them, after checking the account lists each exactly once."""
    path = "/api/v1/portfolio/transfers" + scope
    status, before, _ = raven_ci.request(base, "GET", path, headers=headers)
    check(status == 200, f"GET {path} answered {status}: {before}")
    deposit = Decimal(rng.randrange(10_000, 200_000)) / 100
    status, body, _ = raven_ci.request(
        base, "POST", path, {"amount": str(deposit), "direction": "deposit"},
        {**headers, "Idempotency-Key": str(uuid.uuid4())})
    check(status == 201, f"a deposit of {deposit} answered {status}: {body}")
    withdrawal = Decimal(rng.randrange(100, 5_000)) / 100
    key, order = str(uuid.uuid4()), {"amount": str(withdrawal), "direction": "withdrawal"}
    if kill:
        sender = threading.Thread(
            target=lambda: _ignore_os_error(
                lambda: raven_ci.request(
                    base, "POST", path, order, {**headers, "Idempotency-Key": key}, timeout=20)))
        sender.start()
        time.sleep(rng.uniform(0.0, 0.01))
        server.kill()
        sender.join()
        server.start()
        raven_ci.wait_healthy(base, 60, server.process)
    answers = [
        raven_ci.request(base, "POST", path, order, {**headers, "Idempotency-Key": key})
        for _ in range(2)
    ]
    check(
        all(a[0] == 201 for a in answers) and answers[0][1]["transfer"] == answers[1][1]["transfer"],
        f"retrying a withdrawal with its key answered {[(a[0], a[1]) for a in answers]}",
    )
    check(answers[1][2].get("Idempotent-Replayed") == "true", "a repeated key was not a replay")
    status, listed, _ = raven_ci.request(base, "GET", path, headers=headers)
    new = listed["transfers"][len(before["transfers"]):]
    check(
        [(t["direction"], Decimal(t["amount"])) for t in new]
        == [("deposit", deposit), ("withdrawal", withdrawal)],
        f"after a deposit of {deposit} and a withdrawal of {withdrawal} the account lists {new}",
    )
    return [{"after": after, "amount": deposit}, {"after": after, "amount": -withdrawal}]


def _ignore_os_error(call) -> None:
    try:
        call()
    except OSError:
        pass  # the kill took the answer


def run(binary: str, database_url: str | None, rounds: int, threads: int, seed: int) -> None:
    label = "PostgreSQL" if database_url else "SQLite"
    work = tempfile.mkdtemp(prefix="raven-crash-")
    port = raven_ci.free_port()
    base = f"http://127.0.0.1:{port}"
    arguments = [
        "--port", str(port), "--data-dir", os.path.join(work, "data"),
        "--sim-start", "2026-11-20T15:00:00Z", "--log-level", "warning",
    ]  # fmt: skip
    if database_url:
        arguments += ["--database-url", database_url]
    server = raven_ci.Server(binary, arguments, os.path.join(work, "server.log"))
    ok = False
    rng = random.Random(seed)
    try:
        # A kill during the very first start (in the middle of the migrations, maybe)
        # must leave a database the next start can open and finish migrating.
        server.start()
        time.sleep(rng.uniform(0.0, 0.2))
        server.kill()
        server.start()
        raven_ci.wait_healthy(base, 60, server.process)
        token, _ = raven_ci.sign_up_with_token(base, f"crash{uuid.uuid4().hex[:12]}")
        headers = {"Authorization": f"Bearer {token}"}
        status, second, _ = raven_ci.request(
            base, "POST", "/api/v1/accounts", {"name": "Second", "startingCash": str(STARTING_CASH)},
            headers,
        )
        check(status == 201, f"opening a second account answered {status}: {second}")
        # The user's two accounts, each with its own acknowledged trades.
        scopes = {"": [], f"?account={second['id']}": []}
        transfers = {scope: [] for scope in scopes}
        for round_number in range(1, rounds + 1):
            # Kill early in the burst, in its middle, and late, in turn.
            low, high = [(1, 10), (30, 120), (150, 400)][(round_number - 1) % 3]
            kill_at = rng.randint(low, high)
            # Both accounts trade at once; the first account's burst kills the server.
            bursts = {
                scope: Burst(
                    base, token, rng.randrange(1 << 30), kill_at if not scope else 1 << 30,
                    server.signal_kill, scope,
                )
                for scope in scopes
            }
            with concurrent.futures.ThreadPoolExecutor(threads) as pool:
                # Half the threads trade in each account.
                workers = [burst.worker for burst in bursts.values()]
                futures = [pool.submit(workers[index % 2]) for index in range(threads)]
                done, _ = concurrent.futures.wait(
                    futures, timeout=120, return_when=concurrent.futures.FIRST_COMPLETED
                )
                server.kill()  # the kill is sent by now, unless a thread failed or all stalled
                for burst in bursts.values():
                    burst.stop.set()
                for future in futures:
                    future.result()  # re-raises a Failure from a thread
                check(bool(done), "the burst stalled")
            server.start()
            raven_ci.wait_healthy(base, 60, server.process)
            for scope, burst in bursts.items():
                acknowledged = scopes[scope]
                acknowledged += burst.acknowledged
                moved = transfers[scope]
                trades = verify(base, headers, acknowledged, scope, moved)
                orphans = {t["id"] for t in trades} - {a["trade"]["id"] for a in acknowledged}
                acknowledged += retry_unanswered(base, headers, burst.unanswered, orphans, scope)
                trades = verify(base, headers, acknowledged, scope, moved)
                last = max((int(t["id"]) for t in trades), default=0)
                moved += transfers_through_kill(
                    server, base, headers, scope, rng, last, kill=not scope)
                trades = verify(base, headers, acknowledged, scope, moved)
                check(
                    len(trades) == len(acknowledged),
                    f"{len(trades)} trades are stored, {len(acknowledged)} were acknowledged",
                )
                print(
                    f"crash-test ({label}) round {round_number}, "
                    f"{'second' if scope else 'first'} account: killed after "
                    f"{len(burst.acknowledged)} acknowledged trades ({burst.refused} refused, "
                    f"{len(burst.unanswered)} unanswered, {len(orphans)} of which had traded); "
                    f"{len(trades)} stored trades and {len(moved)} transfers all accounted for",
                    flush=True,
                )
        # One server on the database at a time: of servers sharing one, only the holder of
        # the engine's lease matches orders, on its own market clock, and this one's would
        # match the next phase's orders (placed at another --sim-speed) instead of its own.
        server.stop()
        summary = crash_orders.run(
            binary, database_url, rounds, rng.randrange(1 << 30), verify, check, work)
        print(f"crash-test ({label}) resting orders through {rounds} kills: {summary}", flush=True)
        summary = crash_actions.run(
            binary, database_url, rounds, rng.randrange(1 << 30), verify, check, work)
        print(f"crash-test ({label}) corporate actions: {summary}", flush=True)
        if database_url:
            summary = crash_engine.run(
                binary, database_url, rounds, rng.randrange(1 << 30), verify, check, work)
            print(f"crash-test ({label}) two servers, the engine's killed: {summary}", flush=True)
        ok = True
    finally:
        server.stop()
        if not ok:
            with open(os.path.join(work, "server.log"), errors="replace") as log:
                sys.stderr.write("the server's log (last lines):\n" + "".join(log.readlines()[-40:]))
        shutil.rmtree(work, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--database-url")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--threads", type=int, default=16)
    parser.add_argument("--seed", type=int, default=random.randrange(1 << 30))
    options = parser.parse_args()
    print(f"crash-test: seed {options.seed}", flush=True)
    try:
        run(options.binary, options.database_url, options.rounds, options.threads, options.seed)
    except Failure as failure:
        print(f"crash-test FAILED: {failure} (seed {options.seed})", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
