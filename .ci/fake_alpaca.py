"""A local stand-in for Alpaca's paper trading API, for the browser suite and the API fuzzer
(no test reaches the internet). `python3 .ci/fake_alpaca.py PORT` serves it until killed.

It answers in the documented shapes (amounts as strings) for one account whose keys are
KEY_ID and SECRET; other keys get a 401. A market order is `accepted` when placed and
`filled` at PRICE the first time it is asked for again, so the app's order status can be
seen changing; other types rest (`new`) until canceled or replaced.
"""

from __future__ import annotations

import json
import threading
import uuid
from datetime import datetime, timezone
from decimal import Decimal
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

KEY_ID = "PKBROWSERTEST0WXYZ"
SECRET = "browser-secret-0123456789"
PRICE = Decimal("190.00")


class State:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.cash = Decimal("10000.00")
        self.shares: dict[str, Decimal] = {}
        self.orders: dict[str, dict] = {}


OPEN = {"accepted", "new", "partially_filled", "pending_cancel"}


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="microseconds").replace("+00:00", "Z")


def order_json(order: dict) -> dict:
    filled = order["status"] == "filled"
    return {
        "id": order["id"], "client_order_id": order["client_order_id"],
        "created_at": order["submitted_at"], "updated_at": order.get("updated_at", order["submitted_at"]),
        "submitted_at": order["submitted_at"], "filled_at": order.get("filled_at"),
        "canceled_at": order.get("canceled_at"), "replaced_at": order.get("replaced_at"),
        "replaced_by": order.get("replaced_by"), "replaces": order.get("replaces"),
        "symbol": order["symbol"], "qty": order.get("qty"), "notional": order.get("notional"),
        "filled_qty": order["qty"] if filled else "0",
        "filled_avg_price": str(PRICE) if filled else None,
        "order_type": order["type"], "type": order["type"], "side": order["side"],
        "time_in_force": order["time_in_force"], "limit_price": order.get("limit_price"),
        "stop_price": order.get("stop_price"), "trail_price": order.get("trail_price"),
        "trail_percent": order.get("trail_percent"), "status": order["status"],
        "order_class": "simple", "extended_hours": False,
    }


def fill(state: "State", order: dict) -> None:
    """Fills a market order at PRICE (the first time it is asked for after being placed)."""
    qty = Decimal(order["qty"]) if order.get("qty") else (Decimal(order["notional"]) / PRICE).quantize(Decimal("0.000000001"))
    order.update(status="filled", qty=str(qty), filled_at=now(), updated_at=now())
    sign = 1 if order["side"] == "buy" else -1
    state.cash -= sign * qty * PRICE
    state.shares[order["symbol"]] = state.shares.get(order["symbol"], Decimal(0)) + sign * qty


def make_handler(state: State):
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args) -> None:  # quiet
            pass

        def send_json(self, status: int, body) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def authorized(self) -> bool:
            if (self.headers.get("APCA-API-KEY-ID"), self.headers.get("APCA-API-SECRET-KEY")) == (KEY_ID, SECRET):
                return True
            self.send_json(401, {"code": 40110000, "message": "request is not authorized"})
            return False

        def do_GET(self) -> None:
            if not self.authorized():
                return
            path = urlparse(self.path).path
            with state.lock:
                if path == "/v2/account":
                    value = sum((q * PRICE for q in state.shares.values()), Decimal(0))
                    equity = state.cash + value
                    self.send_json(200, {
                        "id": "b1f3c0de", "account_number": "PA0BROWSER01", "status": "ACTIVE",
                        "currency": "USD", "cash": str(state.cash), "equity": str(equity),
                        "last_equity": "10000.00", "buying_power": str(state.cash),
                        "portfolio_value": str(equity), "long_market_value": str(value),
                    })
                elif path == "/v2/positions":
                    self.send_json(200, [
                        {"symbol": s, "qty": str(q), "avg_entry_price": str(PRICE),
                         "market_value": str(q * PRICE), "cost_basis": str(q * PRICE),
                         "unrealized_pl": "0", "unrealized_plpc": "0", "unrealized_intraday_pl": "0",
                         "current_price": str(PRICE), "lastday_price": str(PRICE), "change_today": "0",
                         "side": "long", "exchange": "NASDAQ", "asset_class": "us_equity"}
                        for s, q in state.shares.items() if q > 0
                    ])
                elif path == "/v2/account/portfolio/history":
                    self.send_json(200, {
                        "timestamp": [1795186800, 1795187100], "equity": [10000.0, 10000.0],
                        "profit_loss": [0, 0], "profit_loss_pct": [0, 0],
                        "base_value": 10000.0, "timeframe": "5Min",
                    })
                elif path.startswith("/v2/orders/"):
                    order = state.orders.get(path.rsplit("/", 1)[1])
                    if order is None:
                        self.send_json(404, {"code": 40410000, "message": "order not found"})
                        return
                    if order["status"] == "accepted" and order["type"] == "market":
                        fill(state, order)
                    self.send_json(200, order_json(order))
                elif path == "/v2/orders":
                    query = parse_qs(urlparse(self.path).query)
                    status = query.get("status", ["open"])[0]
                    symbols = set(",".join(query.get("symbols", [])).split(",")) - {""}
                    until = query.get("until", [None])[0]
                    limit = int(query.get("limit", ["50"])[0])
                    rows = [
                        o for o in reversed(list(state.orders.values()))
                        if (status == "all" or (o["status"] in OPEN) == (status == "open"))
                        and (not symbols or o["symbol"] in symbols)
                        and (until is None or o["submitted_at"] < until)
                    ]
                    self.send_json(200, [order_json(o) for o in rows[:limit]])
                else:
                    self.send_json(404, {"code": 40410000, "message": "not found"})

        def do_POST(self) -> None:
            if not self.authorized():
                return
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))) or b"{}")
            if urlparse(self.path).path != "/v2/orders":
                self.send_json(404, {"code": 40410000, "message": "not found"})
                return
            with state.lock:
                if any(o["client_order_id"] == body.get("client_order_id") for o in state.orders.values()):
                    self.send_json(422, {"code": 40010001, "message": "client_order_id must be unique"})
                    return
                qty = Decimal(str(body["qty"])) if body.get("qty") else None
                cost = qty * Decimal(str(body.get("limit_price") or PRICE)) if qty else Decimal(str(body.get("notional", "0")))
                if body.get("side") == "buy" and cost > state.cash:
                    self.send_json(403, {"code": 40310000, "message": "insufficient buying power"})
                    return
                order = {
                    key: (str(body[key]) if body.get(key) is not None else None)
                    for key in ("limit_price", "stop_price", "trail_price", "trail_percent", "notional")
                }
                kind = body.get("type", "market")
                order.update(
                    id=str(uuid.uuid4()), client_order_id=body.get("client_order_id") or str(uuid.uuid4()),
                    symbol=body["symbol"], qty=str(qty) if qty else None, side=body["side"], type=kind,
                    time_in_force=body.get("time_in_force", "day"), submitted_at=now(),
                    status="accepted" if kind == "market" else "new",
                )
                state.orders[order["id"]] = order
                self.send_json(200, order_json(order))

        def do_DELETE(self) -> None:
            if not self.authorized():
                return
            path = urlparse(self.path).path
            with state.lock:
                order = state.orders.get(path.rsplit("/", 1)[1]) if path.startswith("/v2/orders/") else None
                if order is None:
                    self.send_json(404, {"code": 40410000, "message": "order not found"})
                elif order["status"] not in OPEN:
                    self.send_json(422, {"code": 42210000, "message": "order is not cancelable"})
                else:
                    order.update(status="canceled", canceled_at=now(), updated_at=now())
                    self.send_response(204)
                    self.end_headers()

        def do_PATCH(self) -> None:
            if not self.authorized():
                return
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))) or b"{}")
            path = urlparse(self.path).path
            with state.lock:
                old = state.orders.get(path.rsplit("/", 1)[1]) if path.startswith("/v2/orders/") else None
                if old is None:
                    self.send_json(404, {"code": 40410000, "message": "order not found"})
                    return
                if old["status"] not in OPEN:
                    self.send_json(422, {"code": 42210000, "message": "order is not replaceable"})
                    return
                new = dict(old, id=str(uuid.uuid4()), submitted_at=now(), status="new", replaces=old["id"])
                new["client_order_id"] = body.get("client_order_id") or str(uuid.uuid4())
                for key in ("qty", "time_in_force", "limit_price", "stop_price"):
                    if body.get(key) is not None:
                        new[key] = str(body[key])
                if body.get("trail") is not None:
                    new["trail_percent" if old.get("trail_percent") else "trail_price"] = str(body["trail"])
                old.update(status="replaced", replaced_by=new["id"], replaced_at=now(), updated_at=now())
                state.orders[new["id"]] = new
                self.send_json(200, order_json(new))

    return Handler


def start(port: int = 0) -> tuple[str, ThreadingHTTPServer]:
    """Starts the fake on a free port; returns its base URL and the server (to shut down)."""
    server = ThreadingHTTPServer(("127.0.0.1", port), make_handler(State()))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}", server


if __name__ == "__main__":
    import sys

    _, running = start(int(sys.argv[1]))
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        running.shutdown()
