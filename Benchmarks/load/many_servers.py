#!/usr/bin/env python3
"""Issue 38's figures: two `raven serve` processes on one PostgreSQL database.

1. Events across servers: one user's Alpaca trading stream (`/stream`, trade_updates) is
   open on both servers. Orders are placed and canceled through server A, and resting
   limit orders are left for the engine (on whichever server holds its lease) to fill as
   the simulated market moves (`--sim-speed 60`: a minute a second). For every event seen
   on both streams, its delay on B is B's receipt minus A's; the figure is how many of A's
   events B saw, and the delays' p50, p99 and maximum.
2. Failover: the engine's server (the one whose log says "This server runs the order
   engine") is killed with SIGKILL, and the time until the other's log says it is
   measured; then fills must go on reaching the survivor's stream.

It makes a database of its own on the server of --admin-url and drops it afterwards. Needs
the `websockets` package (`pip install websockets`).

    RAVEN_BIN=.build/release/raven python3 Benchmarks/load/many_servers.py \\
        --admin-url "$(.ci/postgres)"
"""

import argparse
import asyncio
import json
import os
import signal
import statistics
import subprocess
import tempfile
import time
import urllib.request
import uuid

from websockets.asyncio.client import connect

LEAD_LINE = "This server runs the order engine"


def request(base, method, path, body=None, headers=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, method=method, headers=headers or {})
    if data is not None:
        req.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(req, timeout=30) as response:
        text = response.read().decode()
        return response, (json.loads(text) if text else None)


def psql(url, sql):
    subprocess.run(["psql", url, "-q", "-c", sql], check=True, capture_output=True)


class Server:
    def __init__(self, binary, port, database_url, directory):
        self.port = port
        self.base = f"http://127.0.0.1:{port}"
        self.log = os.path.join(directory, f"server-{port}.log")
        self.process = subprocess.Popen(
            [binary, "serve", "--port", str(port), "--database-url", database_url,
             "--data-dir", directory, "--sim-start", "2026-11-20T15:00:00Z",
             "--sim-speed", "60", "--starting-cash", "10000000", "--log-level", "info"],
            stdout=open(self.log, "w"), stderr=subprocess.STDOUT)

    def wait_healthy(self):
        for _ in range(300):
            try:
                request(self.base, "GET", "/healthz")
                return
            except Exception:
                time.sleep(0.1)
        raise SystemExit(f"server on {self.port} did not start; see {self.log}")

    def leads(self):
        with open(self.log) as log:
            return LEAD_LINE in log.read()

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                print(f"server on {self.port} did not stop within 30 s of SIGTERM; killed")
                self.process.kill()
                self.process.wait()


async def trading_stream(server, key, events, started):
    """Records (order id, event, receipt time) of every trade update on `server`."""
    url = f"ws://127.0.0.1:{server.port}/stream"
    async with connect(url, max_size=1 << 22) as socket:
        await socket.send(json.dumps(
            {"action": "authenticate", "data": {"key_id": key["keyId"], "secret_key": key["secret"]}}))
        await socket.recv()
        await socket.send(json.dumps({"action": "listen", "data": {"streams": ["trade_updates"]}}))
        await socket.recv()
        started.set()
        try:
            async for message in socket:
                now = time.monotonic()
                body = json.loads(message)
                if body.get("stream") != "trade_updates":
                    continue
                data = body["data"]
                events.append((data["order"]["id"], data["event"], data["order"].get("filled_qty"), now))
        except Exception:
            pass  # the server was killed


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--admin-url", required=True, help="a PostgreSQL URL allowed to create databases")
    parser.add_argument("--orders", type=int, default=200)
    parser.add_argument("--resting", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=20, help="how long resting orders may fill")
    arguments = parser.parse_args()
    binary = os.environ.get("RAVEN_BIN", ".build/release/raven")

    database = "raven_many_" + uuid.uuid4().hex[:8]
    psql(arguments.admin_url, f"CREATE DATABASE {database}")
    database_url = arguments.admin_url.rsplit("/", 1)[0] + "/" + database + "?sslmode=disable"
    directory = tempfile.mkdtemp(prefix="raven-many-")
    first = Server(binary, 18481, database_url, directory)
    servers = [first]
    try:
        first.wait_healthy()
        second = Server(binary, 18482, database_url, directory)
        servers.append(second)
        second.wait_healthy()
        time.sleep(3)  # the lease is taken within a second or two of start

        response, _ = request(first.base, "POST", "/api/v1/auth/signup",
                              {"username": "bot", "password": "correct horse battery"})
        cookies = [value.split(";")[0] for name, value in response.getheaders() if name.lower() == "set-cookie"]
        csrf = next(c.split("=", 1)[1] for c in cookies if c.startswith("raven_csrf="))
        browser = {"Cookie": "; ".join(cookies), "X-CSRF-Token": csrf}
        _, key = request(first.base, "POST", "/api/v1/auth/api-keys", {"name": "bot"}, browser)
        alpaca = {"APCA-API-KEY-ID": key["keyId"], "APCA-API-SECRET-KEY": key["secret"]}

        seen = {first.port: [], second.port: []}
        ready = [asyncio.Event(), asyncio.Event()]
        streams = [asyncio.create_task(trading_stream(s, key, seen[s.port], r))
                   for s, r in zip(servers, ready)]
        await asyncio.gather(*(r.wait() for r in ready))

        # Placed and canceled through A: `new` and `canceled` come from A's requests.
        def place_and_cancel():
            for _ in range(arguments.orders):
                _, order = request(first.base, "POST", "/v2/orders", {
                    "symbol": "AAPL", "side": "buy", "type": "limit", "qty": "1",
                    "limit_price": "1.00", "time_in_force": "gtc"}, alpaca)
                request(first.base, "DELETE", f"/v2/orders/{order['id']}", headers=alpaca)
        await asyncio.to_thread(place_and_cancel)

        # Resting orders under the market (none at the ask, which would fill as placed):
        # the engine fills some as it moves.
        def place_resting():
            _, quote = request(first.base, "GET", "/v2/stocks/AAPL/quotes/latest", headers=alpaca)
            price = float(quote["quote"]["ap"])
            for index in range(arguments.resting):
                limit = price * (1 - 0.0005 * (1 + index % 20))
                request(first.base, "POST", "/v2/orders", {
                    "symbol": "AAPL", "side": "buy", "type": "limit", "qty": "1",
                    "limit_price": f"{limit:.2f}", "time_in_force": "gtc"}, alpaca)
        await asyncio.to_thread(place_resting)
        await asyncio.sleep(arguments.seconds)

        def delays(events_a, events_b, kinds):
            # A fill within 0.3 s of its order's `new` was made as the order was placed (on
            # A's request); the engine's come with its passes, later.
            placed = {o: t for o, e, q, t in events_a if e == "new"}
            def counted(event, order, time):
                if event not in kinds:
                    return False
                return event in ("new", "canceled") or time - placed.get(order, time) >= 0.3
            at_a = {(o, e, q): t for o, e, q, t in events_a if counted(e, o, t)}
            at_b = {(o, e, q): t for o, e, q, t in events_b}
            common = [at_b[k] - at_a[k] for k in at_a if k in at_b]
            return len(at_a), len(common), common

        events_a, events_b = list(seen[first.port]), list(seen[second.port])
        leader = first if first.leads() else second if second.leads() else None
        print(f"engine on: {leader.port if leader else 'nobody'}")
        for label, kinds in (("placed/canceled (A's requests)", {"new", "canceled"}),
                             ("filled by the engine", {"fill", "partial_fill"})):
            total, common, values = delays(events_a, events_b, kinds)
            if values:
                print(f"{label}: B saw {common} of A's {total}; delay on B "
                      f"p50 {statistics.median(values) * 1000:.1f} ms, "
                      f"p99 {percentile(values, 0.99) * 1000:.1f} ms, max {max(values) * 1000:.1f} ms")
            else:
                print(f"{label}: A saw {total}, B saw none of them")

        # Failover: kill the engine's server; the other must take the lease and go on filling.
        if leader is None:
            raise SystemExit("no server logged that it runs the engine")
        survivor = second if leader is first else first
        fills_before = sum(1 for e in seen[survivor.port] if e[1] in ("fill", "partial_fill"))
        killed = time.monotonic()
        leader.process.send_signal(signal.SIGKILL)
        leader.process.wait()
        took = None
        while time.monotonic() - killed < 30:
            if survivor.leads():
                took = time.monotonic() - killed
                break
            await asyncio.sleep(0.05)
        print(f"failover: {'%.2f s' % took if took is not None else 'none within 30 s'} "
              f"from SIGKILL to '{LEAD_LINE}' on {survivor.port}")
        # More resting orders through the survivor, then fills after the takeover.
        def place_more():
            _, quote = request(survivor.base, "GET", "/v2/stocks/AAPL/quotes/latest", headers=alpaca)
            price = float(quote["quote"]["ap"])
            for index in range(arguments.resting):
                request(survivor.base, "POST", "/v2/orders", {
                    "symbol": "AAPL", "side": "buy", "type": "limit", "qty": "1",
                    "limit_price": f"{price * (1 - 0.0005 * (1 + index % 20)):.2f}",
                    "time_in_force": "gtc"}, alpaca)
        await asyncio.to_thread(place_more)
        await asyncio.sleep(arguments.seconds)
        fills_after = sum(1 for e in seen[survivor.port] if e[1] in ("fill", "partial_fill"))
        print(f"fills on the survivor's stream after the kill: {fills_after - fills_before}")
        for task in streams:
            task.cancel()
        await asyncio.gather(*streams, return_exceptions=True)
    finally:
        # In a thread, so that this loop still answers a stream's closing handshake.
        for server in servers:
            await asyncio.to_thread(server.stop)
        psql(arguments.admin_url, f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")


if __name__ == "__main__":
    asyncio.run(main())
