#!/usr/bin/env python3
"""Figure 3: upstream calls per minute with N clients polling the same 50 symbols.

Each client polls GET /api/v1/quotes?symbols=<50 symbols> every INTERVAL seconds on its
own keep-alive connection. `--phase staggered` spreads the clients' first polls evenly
over one interval (as independent users do); `--phase together` fires every client at
the same instants (a thundering herd). After one warm-up interval the script reads
`raven_upstream_calls_total` from the metrics listener's /metrics, lets the clients poll for WINDOW seconds,
reads it again and prints the calls per minute, the requests made and any non-200s.

    pip install aiohttp
    python3 Benchmarks/load/upstream_calls.py --base http://127.0.0.1:18391 \
        --metrics http://127.0.0.1:18392 --clients 1000

Run it against a server started by upstream_calls.sh (which runs 1 and 1,000 clients).
"""

import argparse
import asyncio
import re
import time

import aiohttp

SYMBOLS = (
    "A AA AAL AAPL ABBV ABNB ABT ACI ACM ACN ADBE ADI ADM ADP ADSK AEP AFL AFRM AIG AJG "
    "AKAM ALB ALGN ALK ALL AMAT AMD AMGN AMZN AVGO AXP BA BAC BK BKNG BLK BMY BRK.B C CAT "
    "COST CRM CSCO CVS CVX DE DIS GOOGL HD IBM"
).split()

METRIC = re.compile(r'^raven_upstream_calls_total\{([^}]*)\}\s+([0-9.e+]+)$', re.M)


async def upstream_calls(session, metrics):
    """The counter summed over every series, and per (kind, outcome)."""
    async with session.get(f"{metrics}/metrics") as response:
        text = await response.text()
    by_label = {}
    for labels, value in METRIC.findall(text):
        fields = dict(re.findall(r'(\w+)="([^"]*)"', labels))
        key = (fields.get("kind"), fields.get("outcome"))
        by_label[key] = by_label.get(key, 0) + float(value)
    return sum(by_label.values()), by_label


async def client(base, url, start, interval, stop_at, stats):
    connector = aiohttp.TCPConnector(limit=1)
    async with aiohttp.ClientSession(connector=connector) as session:
        next_poll = start
        while next_poll < stop_at:
            await asyncio.sleep(max(0, next_poll - time.monotonic()))
            try:
                async with session.get(url) as response:
                    await response.read()
                    stats[response.status] = stats.get(response.status, 0) + 1
            except aiohttp.ClientError as error:
                stats[type(error).__name__] = stats.get(type(error).__name__, 0) + 1
            next_poll += interval


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", default="http://127.0.0.1:18391")
    parser.add_argument(
        "--metrics", default="http://127.0.0.1:18392", help="the server's --metrics-port listener"
    )
    parser.add_argument("--clients", type=int, default=1)
    parser.add_argument("--interval", type=float, default=15)
    parser.add_argument("--window", type=float, default=60, help="seconds measured")
    parser.add_argument("--phase", choices=["staggered", "together"], default="staggered")
    args = parser.parse_args()

    url = f"{args.base}/api/v1/quotes?symbols={','.join(SYMBOLS)}"
    stats = {}
    now = time.monotonic()
    begin = now + 1
    warm_up_end = begin + args.interval
    stop_at = warm_up_end + args.window
    tasks = []
    for index in range(args.clients):
        offset = index * args.interval / args.clients if args.phase == "staggered" else 0
        tasks.append(
            asyncio.create_task(client(args.base, url, begin + offset, args.interval, stop_at, stats))
        )
    async with aiohttp.ClientSession() as session:
        await asyncio.sleep(warm_up_end - time.monotonic())
        before, by_before = await upstream_calls(session, args.metrics)
        requests_before = sum(v for k, v in stats.items() if isinstance(k, int))
        await asyncio.sleep(stop_at - time.monotonic())
        after, by_after = await upstream_calls(session, args.metrics)
        requests_after = sum(v for k, v in stats.items() if isinstance(k, int))
    await asyncio.gather(*tasks)
    minutes = args.window / 60
    calls = after - before
    detail = {
        f"{kind}/{outcome}": by_after[(kind, outcome)] - by_before.get((kind, outcome), 0)
        for (kind, outcome) in by_after
        if by_after[(kind, outcome)] - by_before.get((kind, outcome), 0) > 0
    }
    print(
        f"clients={args.clients} phase={args.phase} interval={args.interval:g}s "
        f"window={args.window:g}s: upstream calls {calls:.0f} = {calls / minutes:.1f}/min "
        f"{detail}; requests {requests_after - requests_before} "
        f"({(requests_after - requests_before) / minutes:.0f}/min); statuses {stats}"
    )


if __name__ == "__main__":
    asyncio.run(main())
