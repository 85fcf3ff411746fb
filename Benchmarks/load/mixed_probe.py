#!/usr/bin/env python3
"""What a quiet account's order costs while the mixed /v2 load runs (issue 38): six bots
load one server through `mixed_v2.lua` (as `mixed_load.py` does) while a seventh account,
idle otherwise, places and cancels a resting limit order every 50 ms. Prints the probe's
slowest samples with when they came (seconds into the run, and the market's time) and its
p50 and p99: a steady climb is the server slowing as the load's open orders pile up, a
spike at a minute's end would be the engine's pass.

    swift build -c release --product raven
    RAVEN_BIN=.build/release/raven python3 Benchmarks/load/mixed_probe.py [--admin-url URL]

With --admin-url the server runs on a PostgreSQL database of its own (dropped afterwards).
"""

import argparse
import os
import tempfile
import time
import uuid

import mixed_load
import raven_ci

SECONDS = 60
ORDER = {"symbol": "AAPL", "qty": 1, "side": "buy", "type": "limit", "limit_price": "1.00",
         "time_in_force": "day"}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--admin-url", help="a PostgreSQL URL allowed to create databases")
    arguments = parser.parse_args()
    binary = os.environ.get("RAVEN_BIN", ".build/release/raven")
    database, url = None, None
    if arguments.admin_url:
        database = "raven_probe_" + uuid.uuid4().hex[:8]
        mixed_load.psql(arguments.admin_url, f"CREATE DATABASE {database}")
        url = arguments.admin_url.rsplit("/", 1)[0] + "/" + database + "?sslmode=disable"
    port = raven_ci.free_port()
    server = mixed_load.start(binary, port, tempfile.mkdtemp(prefix="raven-probe-"), url)
    base = f"http://127.0.0.1:{port}"
    try:
        token, _ = raven_ci.sign_up_with_token(base, f"probe_{uuid.uuid4().hex[:6]}")
        headers = {"Authorization": f"Bearer {token}"}
        keys = []
        for index in range(7):
            if index == 0:
                _, body, _ = raven_ci.request(base, "GET", "/api/v1/accounts", headers=headers)
                account = body["accounts"][0]["id"]
            else:
                status, body, _ = raven_ci.request(
                    base, "POST", "/api/v1/accounts",
                    {"name": f"Bot {index}", "startingCash": str(mixed_load.STARTING_CASH)}, headers)
                assert status == 201, body
                account = body["id"]
            status, body, _ = raven_ci.request(
                base, "POST", "/api/v1/auth/api-keys", {"name": f"probe {index}", "accountId": account},
                headers)
            assert status == 201, body
            keys.append((body["keyId"], body["secret"]))
        probe_id, probe_secret = keys.pop()
        probe = {"APCA-API-KEY-ID": probe_id, "APCA-API-SECRET-KEY": probe_secret}
        load = mixed_load.wrk(base, 200, SECONDS, keys)
        started, samples = time.time(), []
        while time.time() - started < SECONDS:
            sent = time.time()
            status, placed, _ = raven_ci.request(base, "POST", "/v2/orders", ORDER, probe)
            latency = time.time() - sent
            assert status == 200, placed
            _, clock, _ = raven_ci.request(base, "GET", "/v2/clock", None, probe)
            samples.append((sent - started, latency, clock["timestamp"][11:19]))
            raven_ci.request(base, "DELETE", "/v2/orders/" + placed["id"], None, probe)
            time.sleep(0.05)
        rate, _, p99, _, _ = mixed_load.parse(load.communicate()[0])
        print(f"load: {rate:,.0f} req/s, p99 {p99 * 1000:.0f} ms")
        for at, latency, market in sorted(samples, key=lambda sample: -sample[1])[:10]:
            print(f"  {at:5.1f} s into the run (market {market}): {latency * 1000:,.0f} ms")
        latencies = sorted(sample[1] for sample in samples)
        print(f"probe: {len(latencies)} orders, p50 {latencies[len(latencies) // 2] * 1000:.0f} ms, "
              f"p99 {latencies[int(len(latencies) * 0.99)] * 1000:.0f} ms")
    finally:
        server.stop()
        if database:
            mixed_load.psql(arguments.admin_url, f"DROP DATABASE {database} WITH (FORCE)")


if __name__ == "__main__":
    main()
