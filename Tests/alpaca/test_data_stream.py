"""alpaca-py's StockDataStream, unmodified, against Raven's `/v2/iex`: MessagePack frames,
auth with the key, a subscribe sent as a fragmented WebSocket message, and trades and quotes
whose times arrive as MessagePack Timestamps."""

from __future__ import annotations

import threading
import time

from alpaca.data.live import StockDataStream


def test_trades_and_quotes(raven, key):
    stream = StockDataStream(
        key["keyId"], key["secret"], url_override=raven.base.replace("http", "ws") + "/v2/iex"
    )
    trades, quotes = [], []

    async def on_trade(trade):
        trades.append(trade)

    async def on_quote(quote):
        quotes.append(quote)

    stream.subscribe_trades(on_trade, "AAPL", "MSFT")
    stream.subscribe_quotes(on_quote, "AAPL")
    thread = threading.Thread(target=stream.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not (quotes and {t.symbol for t in trades} >= {"AAPL", "MSFT"}):
            time.sleep(0.1)
        assert {t.symbol for t in trades} >= {"AAPL", "MSFT"}, "no trades arrived"
        assert quotes and quotes[0].symbol == "AAPL"
        quote = quotes[0]
        assert quote.bid_price < quote.ask_price and quote.timestamp.year == 2026
        assert trades[0].price > 0 and trades[0].timestamp.tzinfo is not None
    finally:
        stream.stop()
        thread.join(timeout=5)


def test_streams_raven_does_not_serve_stop_the_sdk_instead_of_looping(raven, key):
    # Issue 33, point 10: crypto and news answer as a plan without that data does, and
    # alpaca-py's run() returns instead of reconnecting in a tight loop.
    from alpaca.data.live import CryptoDataStream, NewsDataStream

    ws = raven.base.replace("http", "ws")
    streams = [
        CryptoDataStream(key["keyId"], key["secret"], url_override=ws + "/v1beta3/crypto/us"),
        NewsDataStream(key["keyId"], key["secret"], url_override=ws + "/v1beta1/news"),
    ]

    async def ignore(_):
        pass

    streams[0].subscribe_trades(ignore, "BTC/USD")
    streams[1].subscribe_news(ignore, "AAPL")
    threads = [threading.Thread(target=s.run, daemon=True) for s in streams]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=15)
    assert not any(thread.is_alive() for thread in threads), "the SDK kept reconnecting"
