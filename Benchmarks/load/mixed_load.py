#!/usr/bin/env python3
"""Issue 38's throughput figures: the mixed /v2 load (`mixed_v2.lua`: market and resting
limit buys, cancels, account, positions and open orders; one API key per user in turn)
from 200 connections for 60 s, on one SQLite server, one PostgreSQL server, and two
PostgreSQL servers on one database (the connections split between them). After each run
every bot's books are checked: replaying the stored trades from the starting cash gives
the cash, shares, costs and realized profit the portfolio reports (.ci/crash_test.py's
check).

    swift build -c release --product raven
    RAVEN_BIN=.build/release/raven python3 Benchmarks/load/mixed_load.py \\
        --admin-url "$(.ci/postgres)" [--seconds 60] [--connections 200] [--only pg2]

Each PostgreSQL run makes a database of its own on the server of --admin-url and drops it
afterwards. Needs wrk and psql.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
import uuid
from decimal import Decimal

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", ".ci"))
import crash_test  # noqa: E402
import raven_ci  # noqa: E402

STARTING_CASH = Decimal("10000000")


def psql(url, sql):
    subprocess.run(["psql", url, "-q", "-c", sql], check=True, capture_output=True)


def start(binary, port, directory, database_url=None):
    arguments = ["--port", str(port), "--data-dir", directory,
                 "--sim-start", "2026-11-20T15:00:00Z",
                 "--starting-cash", str(STARTING_CASH), "--log-level", "warning"]
    if database_url:
        arguments += ["--database-url", database_url]
    server = raven_ci.Server(binary, arguments, os.path.join(directory, f"server-{port}.log"))
    server.start()
    raven_ci.wait_healthy(f"http://127.0.0.1:{port}", 120, server.process)
    return server


def wrk(base, connections, seconds, keys):
    environment = dict(os.environ, KEYS=",".join(f"{k}:{s}" for k, s in keys))
    return subprocess.Popen(
        ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency", "--timeout", "10s",
         "-s", os.path.join(HERE, "mixed_v2.lua"), base],
        env=environment, stdout=subprocess.PIPE, text=True)


def seconds_of(text):
    value, unit = re.match(r"([\d.]+)(us|ms|s|m)", text).groups()
    return float(value) * {"us": 1e-6, "ms": 1e-3, "s": 1, "m": 60}[unit]


def parse(output):
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    p50 = seconds_of(re.search(r"\s50%\s+(\S+)", output).group(1))
    p99 = seconds_of(re.search(r"\s99%\s+(\S+)", output).group(1))
    non2xx = int(re.search(r"non-2xx/3xx responses: (\d+)", output).group(1))
    total = int(re.search(r"(\d+) requests in", output).group(1))
    return rate, p50, p99, non2xx, total


def five_hundreds(directory):
    """Server errors the servers logged (an answer of 500 or 503 is logged as an error)."""
    count = 0
    for name in os.listdir(directory):
        if name.endswith(".log"):
            with open(os.path.join(directory, name), errors="replace") as log:
                count += sum(1 for line in log if " error " in line.lower() or "critical" in line.lower())
    return count


def run(label, binary, servers_count, database_url, connections, seconds, users_count):
    directory = tempfile.mkdtemp(prefix="raven-mixed-")
    ports = [raven_ci.free_port() for _ in range(servers_count)]
    servers = []
    try:
        for port in ports:
            servers.append(start(binary, port, directory, database_url))
        bases = [f"http://127.0.0.1:{port}" for port in ports]
        # Each bot trades its own account with its own key: ten accounts per user (sign-ups
        # from one address are throttled).
        bots, keys = [], []
        for index in range(users_count):
            if index % 10 == 0:
                token, _ = raven_ci.sign_up_with_token(bases[0], f"bot{index}_{uuid.uuid4().hex[:6]}")
                headers = {"Authorization": f"Bearer {token}"}
                status, body, _ = raven_ci.request(bases[0], "GET", "/api/v1/accounts", headers=headers)
                assert status == 200, body
                account = body["accounts"][0]["id"]
            else:
                status, body, _ = raven_ci.request(
                    bases[0], "POST", "/api/v1/accounts",
                    {"name": f"Bot {index}", "startingCash": str(STARTING_CASH)}, headers)
                assert status == 201, body
                account = body["id"]
            status, body, _ = raven_ci.request(
                bases[0], "POST", "/api/v1/auth/api-keys", {"name": f"load {index}", "accountId": account},
                headers)
            assert status == 201, body
            bots.append((headers, f"?account={account}"))
            keys.append((body["keyId"], body["secret"]))
        # Warm-up, then the measured run; each server gets its share of the connections.
        for process in [wrk(base, connections // servers_count, 5, keys) for base in bases]:
            process.communicate()
        runs = [wrk(base, connections // servers_count, seconds, keys) for base in bases]
        outputs = [process.communicate()[0] for process in runs]
        figures = [parse(output) for output in outputs]
        rate = sum(f[0] for f in figures)
        p50 = max(f[1] for f in figures)
        p99 = max(f[2] for f in figures)
        non2xx = sum(f[3] for f in figures)
        total = sum(f[4] for f in figures)
        time.sleep(2)
        crash_test.STARTING_CASH = STARTING_CASH
        trades = 0
        for headers, scope in bots:
            trades += len(crash_test.verify(bases[0], headers, [], scope))
        print(f"{label}: {rate:,.0f} req/s, p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.0f} ms, "
              f"{non2xx} of {total:,} answers not 2xx, {five_hundreds(directory)} server errors "
              f"logged; books exact for {users_count} bots ({trades:,} trades)", flush=True)
        for output in outputs:
            for line in output.splitlines():
                if "socket errors" in line and "connect 0, read 0, write 0, timeout 0" not in line:
                    print("  " + line.strip())
    finally:
        for server in servers:
            server.stop()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--admin-url", help="a PostgreSQL URL allowed to create databases")
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--connections", type=int, default=200)
    parser.add_argument("--only", choices=["sqlite", "pg1", "pg2"])
    parser.add_argument("--bots", type=int, default=6, help="bots, each with its own key and account")
    arguments = parser.parse_args()
    binary = os.environ.get("RAVEN_BIN", ".build/release/raven")
    plans = [("sqlite", "SQLite, one server", 1, False),
             ("pg1", "PostgreSQL, one server", 1, True),
             ("pg2", "PostgreSQL, two servers", 2, True)]
    for key, label, count, postgres in plans:
        if arguments.only and arguments.only != key:
            continue
        if postgres and not arguments.admin_url:
            print(f"{label}: skipped (no --admin-url)")
            continue
        database_url = None
        if postgres:
            database = "raven_mixed_" + uuid.uuid4().hex[:8]
            psql(arguments.admin_url, f"CREATE DATABASE {database}")
            database_url = arguments.admin_url.rsplit("/", 1)[0] + "/" + database + "?sslmode=disable"
        try:
            run(label, binary, count, database_url, arguments.connections, arguments.seconds,
                arguments.bots)
        finally:
            if postgres:
                psql(arguments.admin_url, f"DROP DATABASE {database} WITH (FORCE)")


if __name__ == "__main__":
    main()
