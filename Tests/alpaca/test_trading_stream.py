"""alpaca-py's TradingStream, unmodified, against Raven's `/stream`: it authenticates with
the key, listens to trade_updates, and hears of an order being placed, filled and canceled."""

from __future__ import annotations

import threading
import time

from alpaca.trading.enums import OrderSide, TimeInForce
from alpaca.trading.requests import LimitOrderRequest, MarketOrderRequest
from alpaca.trading.stream import TradingStream


def test_trade_updates(raven, key, trading):
    stream = TradingStream(
        key["keyId"], key["secret"], paper=True, url_override=raven.base.replace("http", "ws") + "/stream"
    )
    updates = []
    ready = threading.Event()

    async def on_update(update):
        updates.append(update)

    stream.subscribe_trade_updates(on_update)
    thread = threading.Thread(target=stream.run, daemon=True)
    thread.start()
    try:
        # The stream is listening once a probe order's own "new" arrives.
        deadline = time.monotonic() + 30
        probe = None
        while time.monotonic() < deadline and not ready.is_set():
            if probe is None or not updates:
                probe = trading.submit_order(
                    LimitOrderRequest(symbol="KO", qty=1, side=OrderSide.BUY, time_in_force=TimeInForce.DAY, limit_price=1)
                )
                trading.cancel_order_by_id(probe.id)
            if any(u.order.id == probe.id for u in updates):
                ready.set()
            time.sleep(0.2)
        assert ready.is_set(), "the stream heard nothing"

        bought = trading.submit_order(
            MarketOrderRequest(symbol="AAPL", qty=1, side=OrderSide.BUY, time_in_force=TimeInForce.DAY)
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not any(
            u.order.id == bought.id and u.event == "fill" for u in updates
        ):
            time.sleep(0.1)
        fills = [u for u in updates if u.order.id == bought.id and u.event == "fill"]
        assert fills and fills[0].price is not None and float(fills[0].qty) == 1
        # What the account holds after the fill, as bots read it (issue 33, point 7).
        assert float(fills[0].position_qty) == float(trading.get_open_position("AAPL").qty)
        assert any(u.order.id == probe.id and u.event == "canceled" for u in updates)
    finally:
        stream.stop()
        thread.join(timeout=5)
