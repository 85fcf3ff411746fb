"""A Raven server for alpaca-py: `raven serve` on a fresh data dir and a free port, a
simulated Friday mid-session, one user with an API key. RAVEN_BIN names the binary."""

from __future__ import annotations

import contextlib
import os
import pathlib
import sys
import tempfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / ".ci"))

import raven_ci  # noqa: E402


class Raven:
    def __init__(self, base: str, token: str):
        self.base = base
        self.token = token

    def request(self, method: str, path: str, body=None):
        return raven_ci.request(
            self.base, method, path, body, headers={"Authorization": f"Bearer {self.token}"}
        )

    def create_key(self, name: str = "bot", read_only: bool = False) -> dict:
        status, body, _ = self.request(
            "POST", "/api/v1/auth/api-keys", {"name": name, "readOnly": read_only}
        )
        assert status == 201, body
        return body


@pytest.fixture(scope="session")
def raven():
    binary = os.environ.get("RAVEN_BIN") or str(ROOT / ".build/debug/raven")
    with tempfile.TemporaryDirectory(prefix="raven-alpaca-") as data:
        port = raven_ci.free_port()
        server = raven_ci.Server(
            binary,
            [
                "--port", str(port), "--data-dir", data, "--log-level", "warning",
                "--sim-start", os.environ.get("RAVEN_SIM_START", "2026-11-20T15:00:00Z"),
            ],
            os.path.join(data, "server.log"),
        )
        server.start()
        base = f"http://127.0.0.1:{port}"
        try:
            raven_ci.wait_healthy(base, 120, server.process)
            token, _ = raven_ci.sign_up_with_token(base, "alpaca-bot")
            yield Raven(base, token)
        finally:
            server.stop()


@pytest.fixture(scope="session")
def key(raven):
    return raven.create_key()


@pytest.fixture(scope="session")
def trading(raven, key):
    from alpaca.trading.client import TradingClient

    return TradingClient(key["keyId"], key["secret"], paper=True, url_override=raven.base)


@contextlib.contextmanager
def fast_server(label: str, speed: int = 30):
    """A server of its own whose simulated market runs `speed` times real time (30: a minute
    every two seconds), for what takes market minutes to happen (a margin call, a take-profit
    reached); yields alpaca-py's trading and data clients for a new user's key."""
    from alpaca.data.historical import StockHistoricalDataClient
    from alpaca.trading.client import TradingClient

    binary = os.environ.get("RAVEN_BIN") or str(ROOT / ".build/debug/raven")
    with tempfile.TemporaryDirectory(prefix=f"raven-{label}-") as data:
        port = raven_ci.free_port()
        server = raven_ci.Server(
            binary,
            [
                "--port", str(port), "--data-dir", data, "--log-level", "warning",
                "--sim-start", "2026-11-20T15:00:00Z", "--sim-speed", str(speed),
            ],
            os.path.join(data, "server.log"),
        )
        server.start()
        base = f"http://127.0.0.1:{port}"
        try:
            raven_ci.wait_healthy(base, 120, server.process)
            key_id, secret = raven_ci.sign_up_with_alpaca_key(base, f"{label}-bot")
            yield (
                TradingClient(key_id, secret, paper=True, url_override=base),
                StockHistoricalDataClient(key_id, secret, url_override=base),
            )
        finally:
            server.stop()


def books_at_one_price(trading):
    """The account and its positions, read between two equal reads of the positions: on a
    fast server a market minute passes every two seconds and moves every price, so an
    account read across a minute's turn would not match positions read before it."""
    for _ in range(10):
        before = trading.get_all_positions()
        account = trading.get_account()
        after = trading.get_all_positions()
        if [(p.symbol, p.market_value) for p in before] == [(p.symbol, p.market_value) for p in after]:
            return account, after
    raise AssertionError("prices moved between every read")
