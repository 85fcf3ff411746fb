"""How much the simulated market's daily returns look like real ones: the stylized facts
of stock returns (Cont 2001), measured on daily bars through a running server's
Alpaca-compatible API, as a quant user would measure them.

    swift run raven serve &                        # or any raven serve
    python3 Benchmarks/realism/realism.py          # http://127.0.0.1:8080, 30 stocks, 12 years
    python3 Benchmarks/realism/realism.py --plot Benchmarks/realism   # + PNGs (matplotlib)

It signs up a throwaway user, makes an API key, reads daily bars from /v2/stocks/bars and
the earnings stories from /v1beta1/news (their day and whether the report beat or missed),
and prints, per figure, the median over the symbols beside the range real large US stocks
show. Only the standard library is needed for the figures; --plot needs matplotlib.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import math
import re
import secrets
import statistics
import sys
import urllib.parse
import urllib.request

SYMBOLS = (
    "AAPL MSFT KO XOM JPM PFE WMT IBM GE INTC AMZN GOOGL CSCO ORCL PG JNJ MRK CVX BAC WFC "
    "HD MCD DIS NKE T VZ CAT BA MMM UNH"
).split()
LAGS = (1, 5, 10, 20, 50)
EARNINGS = re.compile(r" (beats|misses|matches) Q[1-4] \d{4} EPS estimates$")


class Server:
    def __init__(self, base: str) -> None:
        self.base = base.rstrip("/")
        self.headers: dict[str, str] = {}

    def call(self, method: str, path: str, body: dict | None = None) -> dict:
        data = json.dumps(body).encode() if body is not None else None
        headers = dict(self.headers)
        if data is not None:
            headers["Content-Type"] = "application/json"
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers=headers)
        with urllib.request.urlopen(request, timeout=600) as response:
            return json.loads(response.read() or b"{}")

    def sign_in(self) -> None:
        """A new user and an API key: Alpaca's routes take the key's id and secret."""
        user = {"username": "realism-" + secrets.token_hex(4), "password": secrets.token_hex(12)}
        self.call("POST", "/api/v1/auth/signup", user)
        login = self.call("POST", "/api/v1/auth/tokens", dict(user, name="realism"))
        self.headers = {"Authorization": f"Bearer {login['token']}"}
        key = self.call("POST", "/api/v1/auth/api-keys", {"name": "realism"})
        # Raven's own routes take the token, Alpaca's the key's id and secret.
        self.headers.update(
            {"APCA-API-KEY-ID": key["keyId"], "APCA-API-SECRET-KEY": key["secret"]})

    def daily_closes(self, symbol: str, start: str, end: str) -> list[tuple[dt.date, float]]:
        closes, token = [], None
        while True:
            query = {"symbols": symbol, "timeframe": "1Day", "start": start, "end": end,
                     "limit": "10000", "adjustment": "raw"}
            if token:
                query["page_token"] = token
            page = self.call("GET", "/v2/stocks/bars?" + urllib.parse.urlencode(query))
            for bar in (page.get("bars") or {}).get(symbol, []):
                closes.append((dt.date.fromisoformat(bar["t"][:10]), float(bar["c"])))
            token = page.get("next_page_token")
            if not token:
                return closes

    def earnings_days(self, symbol: str, start: dt.date, end: dt.date) -> dict[dt.date, int]:
        """Report days and the surprise's sign (+1 beat, -1 miss, 0 in line), read from the
        news desk's earnings stories, 30 days per request (the desk's look-back)."""
        days: dict[dt.date, int] = {}
        window_end = end
        while window_end > start:
            window_start = max(start, window_end - dt.timedelta(days=29))
            query = {"symbols": symbol, "start": f"{window_start}T00:00:00Z",
                     "end": f"{window_end}T23:59:59Z", "limit": "50", "sort": "asc"}
            page = self.call("GET", "/v1beta1/news?" + urllib.parse.urlencode(query))
            for story in page.get("news", []):
                match = EARNINGS.search(story["headline"])
                if match:
                    sign = {"beats": 1, "misses": -1, "matches": 0}[match.group(1)]
                    days[dt.date.fromisoformat(story["created_at"][:10])] = sign
            window_end = window_start - dt.timedelta(days=1)
        return days

    def industry(self, symbol: str) -> str:
        return self.call("GET", f"/api/v1/stocks/{symbol}/profile").get("industry", "")


def kurtosis(xs: list[float]) -> float:
    mean = statistics.fmean(xs)
    m2 = statistics.fmean((x - mean) ** 2 for x in xs)
    m4 = statistics.fmean((x - mean) ** 4 for x in xs)
    return m4 / (m2 * m2)


def autocorrelation(xs: list[float], lag: int) -> float:
    mean = statistics.fmean(xs)
    centred = [x - mean for x in xs]
    denominator = sum(c * c for c in centred)
    return sum(centred[i] * centred[i + lag] for i in range(len(xs) - lag)) / denominator


class Stock:
    def __init__(self, symbol: str, closes: list[tuple[dt.date, float]],
                 earnings: dict[dt.date, int]) -> None:
        self.symbol = symbol
        self.dates = [d for d, _ in closes[1:]]
        self.returns = [math.log(b / a) for (_, a), (_, b) in zip(closes, closes[1:])]
        self.earnings = earnings
        weekly_closes: dict[tuple[int, int], float] = {}
        for day, close in closes:
            weekly_closes[day.isocalendar()[:2]] = close  # the week's last close
        weeks = list(weekly_closes.values())
        self.weekly = [math.log(b / a) for a, b in zip(weeks, weeks[1:])]

    def figures(self) -> dict[str, float]:
        r, a = self.returns, [abs(x) for x in self.returns]
        mean, sd = statistics.fmean(r), statistics.pstdev(r)
        figures = {"kurtosis": kurtosis(r), "weekly kurtosis": kurtosis(self.weekly),
                   "acf r 1": autocorrelation(r, 1),
                   "4σ days per 1,000": 1000 * sum(abs(x - mean) > 4 * sd for x in r) / len(r)}
        for lag in LAGS:
            figures[f"acf |r| {lag}"] = autocorrelation(a, lag)
        figures["leverage"] = statistics.fmean(
            statistics.correlation(r[:-k], a[k:]) for k in range(1, 11))
        on = [abs(x) for d, x in zip(self.dates, r) if d in self.earnings]
        off = [abs(x) for d, x in zip(self.dates, r) if d not in self.earnings]
        if on and off:
            figures["earnings move ratio"] = statistics.fmean(on) / statistics.fmean(off)
        signed = [(x, self.earnings[d]) for d, x in zip(self.dates, r)
                  if self.earnings.get(d, 0) != 0]
        if signed:
            figures["earnings sign agreement"] = (
                sum((x > 0) == (s > 0) for x, s in signed) / len(signed))
        return figures


REAL = {
    "kurtosis": "about 5 to 15",
    "4σ days per 1,000": "several",
    "acf |r| 1": "about 0.15 to 0.35",
    "acf |r| 5": "positive",
    "acf |r| 10": "still clearly positive (≈ 0.1)",
    "acf |r| 20": "positive",
    "acf |r| 50": "positive, small",
    "acf r 1": "≈ 0",
    "weekly kurtosis": "below daily",
    "leverage": "< 0",
    "earnings move ratio": "typically 2 to 4",
    "earnings sign agreement": "more than half",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default="http://127.0.0.1:8080")
    parser.add_argument("--symbols", default=",".join(SYMBOLS))
    parser.add_argument("--start", default="2014-11-21")
    parser.add_argument("--end", default="2026-11-20")
    parser.add_argument("--plot", metavar="DIR", help="write returns.png and acf.png here")
    args = parser.parse_args()
    server = Server(args.base)
    server.sign_in()
    start, end = dt.date.fromisoformat(args.start), dt.date.fromisoformat(args.end)
    stocks: list[Stock] = []
    for symbol in args.symbols.split(","):
        closes = server.daily_closes(symbol, f"{start}T00:00:00Z", f"{end}T23:59:59Z")
        if len(closes) < 500:
            print(f"{symbol}: only {len(closes)} daily bars, left out", file=sys.stderr)
            continue
        stocks.append(Stock(symbol, closes, server.earnings_days(symbol, start, end)))
        print(f"{symbol}: {len(closes)} sessions, {len(stocks[-1].earnings)} reports",
              file=sys.stderr)
    years = statistics.fmean(len(s.returns) for s in stocks) / 252
    print(f"{len(stocks)} symbols, {start} to {end} (~{years:.1f} years of daily bars each); "
          "median over the symbols")
    per_stock = [s.figures() for s in stocks]
    print(f"{'figure':<26} {'simulated':>10}   real large US stocks")
    for name in ("kurtosis", "weekly kurtosis", "4σ days per 1,000", *[f"acf |r| {k}" for k in LAGS],
                 "acf r 1", "leverage", "earnings move ratio", "earnings sign agreement"):
        values = [f[name] for f in per_stock if name in f]
        print(f"{name:<26} {statistics.median(values):>10.3f}   {REAL[name]}")
    print_industry_correlation(server, stocks)
    if args.plot:
        plot(stocks, args.plot)


def print_industry_correlation(server: Server, stocks: list[Stock]) -> None:
    """Mean correlation of daily returns for pairs in one industry and pairs across."""
    industries = {s.symbol: server.industry(s.symbol) for s in stocks}
    same, across = [], []
    for i, left in enumerate(stocks):
        for right in stocks[i + 1:]:
            common = sorted(set(left.dates) & set(right.dates))
            if len(common) < 250:
                continue
            lr = dict(zip(left.dates, left.returns))
            rr = dict(zip(right.dates, right.returns))
            value = statistics.correlation([lr[d] for d in common], [rr[d] for d in common])
            (same if industries[left.symbol] == industries[right.symbol] else across).append(value)
    if same and across:
        print(f"{'correlation, same industry':<26} {statistics.fmean(same):>10.3f}   "
              f"above the cross-industry ({len(same)} pairs)")
        print(f"{'correlation, across':<26} {statistics.fmean(across):>10.3f}   "
              f"about 0.2 to 0.4 ({len(across)} pairs)")


def plot(stocks: list[Stock], directory: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    stock = stocks[0]
    window = 21
    vol = [statistics.pstdev(stock.returns[i - window:i]) * math.sqrt(252) * 100
           for i in range(window, len(stock.returns) + 1)]
    figure, (top, bottom) = plt.subplots(2, 1, figsize=(9, 5.5), sharex=True)
    top.plot(stock.dates, [x * 100 for x in stock.returns], linewidth=0.5, color="#1f6f4a")
    for day in stock.earnings:
        top.axvline(day, color="#c2410c", alpha=0.15, linewidth=0.8)
    top.set_ylabel("daily log return, %")
    top.set_title(f"{stock.symbol} (simulated): daily returns, earnings days shaded")
    bottom.plot(stock.dates[window - 1:], vol, linewidth=0.8, color="#1e3a8a")
    bottom.set_ylabel(f"{window}-day volatility,\n% a year")
    figure.tight_layout()
    figure.savefig(f"{directory}/returns.png", dpi=110)

    lags = list(range(1, 101))
    absolute = [statistics.median(autocorrelation([abs(x) for x in s.returns], k) for s in stocks)
                for k in lags]
    plain = [statistics.median(autocorrelation(s.returns, k) for s in stocks) for k in lags]
    figure, axis = plt.subplots(figsize=(9, 3.8))
    axis.plot(lags, absolute, label="|r|: volatility clusters, memory of months", color="#1e3a8a")
    axis.plot(lags, plain, label="r: no linear predictability", color="#9ca3af")
    axis.axhline(0, color="black", linewidth=0.5)
    axis.set_xlabel("lag, sessions")
    axis.set_ylabel("autocorrelation")
    axis.set_title(f"Autocorrelation of daily returns, median of {len(stocks)} simulated stocks")
    axis.legend()
    figure.tight_layout()
    figure.savefig(f"{directory}/acf.png", dpi=110)
    print(f"wrote {directory}/returns.png and {directory}/acf.png")


if __name__ == "__main__":
    main()
