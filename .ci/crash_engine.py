"""Crash safety with two servers on one PostgreSQL database: resting limit orders are placed
through both while the market runs 60 times real time, and the server running the order
engine (the holder of its lease, which logs "This server runs the order engine") is
SIGKILLed again and again and started again; the other takes over the engine. Then, as
crash_orders checks for one server: every order's fills sum to its filled quantity within
its limit, the fills are exactly the stored trades one for one (a minute matched twice, by
the dead engine and its successor, would show here), the books replay, and some resting
order filled after a kill.

Used by crash_test.py on PostgreSQL (`--rounds` kills, the same seed).
"""

from __future__ import annotations

import os
import random
import time
import uuid

import crash_orders
import raven_ci

LEAD_LINE = "This server runs the order engine"


class Node:
    """One of the two servers: its process and the log lines it wrote since its last start."""

    def __init__(self, binary: str, database_url: str, work: str, name: str):
        self.port = raven_ci.free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log_path = os.path.join(work, f"engine-{name}.log")
        arguments = [
            "--port", str(self.port), "--data-dir", os.path.join(work, f"engine-{name}-data"),
            "--database-url", database_url, "--sim-start", "2026-11-20T15:00:00Z",
            "--sim-speed", "60", "--log-level", "info",
        ]  # fmt: skip
        self.server = raven_ci.Server(binary, arguments, self.log_path)
        self.started_at = 0

    def start(self) -> None:
        self.started_at = os.path.getsize(self.log_path) if os.path.exists(self.log_path) else 0
        self.server.start()
        raven_ci.wait_healthy(self.base, 60, self.server.process)

    def leads(self) -> bool:
        with open(self.log_path, errors="replace") as log:
            log.seek(self.started_at)
            return LEAD_LINE in log.read()


def engine_holder(nodes: list[Node], check, seconds: float = 15) -> Node:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        holders = [node for node in nodes if node.leads()]
        if holders:
            check(len(holders) == 1, "both servers say they run the engine")
            return holders[0]
        time.sleep(0.1)
    check(False, f"no server took the engine within {seconds:.0f} s")
    raise AssertionError("unreachable")


def run(binary: str, database_url: str, rounds: int, seed: int, verify, check, work: str) -> str:
    rng = random.Random(seed)
    nodes = [Node(binary, database_url, work, name) for name in ("a", "b")]
    try:
        for node in nodes:
            node.start()
        token, _ = raven_ci.sign_up_with_token(nodes[0].base, f"engine{uuid.uuid4().hex[:12]}")
        headers = {"Authorization": f"Bearer {token}"}
        placed = 0
        for index, node in enumerate(nodes):
            symbols = [["AAPL", "MSFT"], ["NVDA", "KO"]][index]
            placed += crash_orders.place_resting_orders(node.base, headers, symbols, rng, check)
        kills, takeovers = [], []
        for _ in range(rounds):
            time.sleep(rng.uniform(2.0, 6.0))  # market minutes of matching
            holder = engine_holder(nodes, check)
            other = nodes[1 - nodes.index(holder)]
            status, body, _ = raven_ci.request(other.base, "GET", "/api/v1/market/status")
            check(status == 200, f"GET /api/v1/market/status answered {status}")
            kills.append(crash_orders._when(body["time"]))
            killed_at = time.monotonic()
            holder.server.kill()
            engine_holder([other], check, seconds=10)
            takeovers.append(time.monotonic() - killed_at)
            holder.start()  # back as the follower
        time.sleep(8)  # the engine catches up
        trades = verify(nodes[0].base, headers, [])
        summary = crash_orders.verify_orders(nodes[1].base, headers, trades, kills, check)
        return (
            f"{summary}; engine taken over within {max(takeovers):.1f} s of each of "
            f"{len(kills)} kills"
        )
    finally:
        for node in nodes:
            node.server.stop()
