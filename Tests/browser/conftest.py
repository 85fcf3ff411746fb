"""Fixtures for the browser suite: a `raven serve` on a fresh data dir, Debian's Chromium.

Settings (environment):
  RAVEN_URL        test a server that is already running instead of starting one
  RAVEN_BIN        the raven binary to start (default .build/debug/raven)
  RAVEN_SIM_START  the simulated market's start (default a Friday mid-session)
  CHROMIUM         the browser (default /usr/bin/chromium)
  SCREENSHOTS      where screenshots go (default .build/browser-screenshots)
"""

from __future__ import annotations

import contextlib
import os
import pathlib
import sys
import tempfile

import pytest
from playwright.sync_api import expect, sync_playwright

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / ".ci"))

import raven_ci  # noqa: E402

import fake_alpaca  # noqa: E402

# A debug build computes a first MAX chart in ~16 s and two years of candles in a few.
expect.set_options(timeout=15_000)

VIEWPORTS = {"phone": (390, 844), "desktop": (1280, 800)}


@pytest.fixture(scope="session")
def base_url():
    if os.environ.get("RAVEN_URL"):
        yield os.environ["RAVEN_URL"].rstrip("/")
        return
    start = os.environ.get("RAVEN_SIM_START", "2026-11-20T15:00:00Z")
    # Users who link an Alpaca paper account trade against a local fake of its API.
    alpaca_url, alpaca = fake_alpaca.start()
    os.environ["ALPACA_TRADING_BASE_URL"] = alpaca_url
    try:
        with raven_server(start) as url:
            yield url
    finally:
        alpaca.shutdown()


@contextlib.contextmanager
def raven_server(start: str, *flags: str):
    """`raven serve` on a fresh data dir and a free port, its market from `start`; its URL."""
    binary = os.environ.get("RAVEN_BIN", str(ROOT / ".build/debug/raven"))
    port = raven_ci.free_port()
    data = tempfile.mkdtemp(prefix="raven-browser-")
    server = raven_ci.Server(
        binary,
        ["--port", str(port), "--data-dir", data, "--sim-start", start, "--log-level", "warning", *flags],
        os.path.join(data, "serve.log"),
    )
    server.start()
    url = f"http://127.0.0.1:{port}"
    try:
        raven_ci.wait_healthy(url, 60, server.process)
        yield url
    finally:
        server.stop()


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), headless=True
        )
        yield b
        b.close()


@pytest.fixture(scope="session")
def shots():
    path = pathlib.Path(os.environ.get("SCREENSHOTS", ROOT / ".build/browser-screenshots"))
    path.mkdir(parents=True, exist_ok=True)
    return path
