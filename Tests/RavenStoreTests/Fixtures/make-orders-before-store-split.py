# Makes a data dir with the release before issue 30's store split: orders of every kind.
import json, subprocess, sys, time, urllib.request, os, shutil
data = "/tmp/olddb/data"
shutil.rmtree(data, ignore_errors=True)
port = 18997
base = f"http://127.0.0.1:{port}"
server = subprocess.Popen(["/tmp/webbin/raven", "serve", "--data-dir", data, "--port", str(port),
    "--sim-start", "2026-11-20T15:00:00Z", "--sim-speed", "1"], stdout=open("/tmp/olddb/server.log", "w"), stderr=subprocess.STDOUT)
def call(method, route, body=None, token=None):
    headers = {"Content-Type": "application/json"}
    if token: headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(base + route, json.dumps(body).encode() if body is not None else None, headers, method=method)
    try:
        with urllib.request.urlopen(req) as r:
            return json.loads(r.read() or b"{}")
    except urllib.error.HTTPError as e:
        print(method, route, e.code, e.read().decode(), file=sys.stderr); raise
for _ in range(100):
    try: urllib.request.urlopen(base + "/healthz"); break
    except Exception: time.sleep(0.2)
user = {"username": "olduser", "password": "correct-horse-battery"}
call("POST", "/api/v1/auth/signup", user)
token = call("POST", "/api/v1/auth/tokens", dict(user, name="fixture"))["token"]
q = call("GET", "/api/v1/market/quotes/AAPL", token=token) if False else None
call("POST", "/api/v1/trades", {"symbol": "AAPL", "side": "buy", "shares": "10"}, token)
call("POST", "/api/v1/trades", {"symbol": "MSFT", "side": "buy", "shares": "2.5"}, token)
call("POST", "/api/v1/trades", {"symbol": "AAPL", "side": "sell", "shares": "3"}, token)
call("POST", "/api/v1/orders", {"symbol": "NVDA", "side": "buy", "type": "market", "notional": "500.00", "clientOrderId": "notional-1"}, token)
call("POST", "/api/v1/orders", {"symbol": "AAPL", "side": "buy", "type": "limit", "qty": "1", "limitPrice": "1.50", "timeInForce": "gtc", "clientOrderId": "resting-limit"}, token)
stop = call("POST", "/api/v1/orders", {"symbol": "AAPL", "side": "sell", "type": "stop", "qty": "2", "stopPrice": "5.00", "timeInForce": "gtc"}, token)
call("POST", "/api/v1/orders", {"symbol": "MSFT", "side": "sell", "type": "trailing_stop", "qty": "1", "trailPercent": "5", "timeInForce": "gtc"}, token)
call("POST", "/api/v1/orders", {"symbol": "AAPL", "side": "sell", "type": "stop_limit", "qty": "1", "stopPrice": "4.00", "limitPrice": "3.50", "timeInForce": "day"}, token)
cancel = call("POST", "/api/v1/orders", {"symbol": "AAPL", "side": "buy", "type": "limit", "qty": "2", "limitPrice": "2.00"}, token)
call("DELETE", f"/api/v1/orders/{cancel['id']}", token=token)
old = call("POST", "/api/v1/orders", {"symbol": "AAPL", "side": "buy", "type": "limit", "qty": "1", "limitPrice": "1.00", "timeInForce": "gtc"}, token)
call("PATCH", f"/api/v1/orders/{old['id']}", {"limitPrice": "1.25"}, token)
call("POST", "/api/v1/goals", {"name": "House", "target": "50000.00", "allocations": [{"symbol": "AAPL", "shares": "2"}]}, token) if False else None
time.sleep(2)
orders = call("GET", "/api/v1/orders?status=all&limit=500", token=token)
portfolio = call("GET", "/api/v1/portfolio", token=token)
server.terminate(); server.wait()
json.dump(orders, open("/tmp/olddb/orders.json", "w"), indent=1, sort_keys=True)
print(len(orders.get("orders", [])), "orders;", len(portfolio["positions"]), "positions; cash", portfolio.get("cash"))
