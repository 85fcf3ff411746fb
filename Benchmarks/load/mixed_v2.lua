-- wrk script: a mixed Alpaca /v2 load from several bots (issue 38's throughput figures).
-- KEYS is "id:secret,id:secret,…" (one API key per user). Each request goes as the next
-- key in turn; out of every 20: 6 market buys of one share, 4 limit buys resting under the
-- market (a cancel instead when four of the key's orders from this thread rest already),
-- 4 cancels of a resting order this thread placed (an account read when it has none), 3
-- GET /v2/account, 2 GET /v2/positions, 1 GET /v2/orders?status=open. So an account's
-- resting orders stay few, as a bot's do. ONLY=market|limit|
-- account|positions|orders sends that kind alone (to see what each costs).
local symbols = {
  "AAPL", "MSFT", "AMZN", "GOOGL", "META", "NVDA", "TSLA", "JPM", "V", "JNJ",
  "WMT", "PG", "MA", "HD", "XOM", "KO", "PEP", "CSCO", "ORCL", "INTC",
}
local keys = {}
local counter = 0
local tag = 0
-- Resting orders placed by this thread, per key index: ids to cancel.
local resting = {}

function init(args)
  for pair in string.gmatch(os.getenv("KEYS"), "[^,]+") do
    local id, secret = pair:match("([^:]+):(.+)")
    table.insert(keys, { id = id, secret = secret })
    resting[#keys] = {}
  end
  math.randomseed(os.time() + tonumber(tostring({}):match("0x(%x+)"), 16) % 100000)
  tag = math.random(1, 1000000000)
end

local function headers(index)
  return {
    ["Content-Type"] = "application/json",
    ["APCA-API-KEY-ID"] = keys[index].id,
    ["APCA-API-SECRET-KEY"] = keys[index].secret,
  }
end

local only = { market = 0, limit = 6, account = 14, positions = 17, orders = 19 }

function request()
  counter = counter + 1
  local index = (counter % #keys) + 1
  local symbol = symbols[(counter % #symbols) + 1]
  local slot = only[os.getenv("ONLY") or ""] or counter % 20
  if slot < 6 then
    return wrk.format("POST", "/v2/orders", headers(index),
      '{"symbol":"' .. symbol .. '","qty":1,"side":"buy","type":"market","time_in_force":"day"}')
  elseif slot < 10 and #resting[index] >= 4 then
    -- Enough of this key's orders rest already: cancel one instead, so an account's
    -- resting orders stay few (a cancel slot that finds none sends an account read).
    local id = table.remove(resting[index], 1)
    return wrk.format("DELETE", "/v2/orders/" .. id, headers(index))
  elseif slot < 10 then
    -- Far under any price in the simulated universe: it rests until canceled.
    return wrk.format("POST", "/v2/orders", headers(index),
      '{"symbol":"' .. symbol .. '","qty":1,"side":"buy","type":"limit","limit_price":"1.00",' ..
      '"time_in_force":"day","client_order_id":"rest-' .. index .. '-' .. tag .. '-' .. counter .. '"}')
  elseif slot < 14 and #resting[index] > 0 then
    local id = table.remove(resting[index])
    return wrk.format("DELETE", "/v2/orders/" .. id, headers(index))
  elseif slot < 17 then
    return wrk.format("GET", "/v2/account", headers(index))
  elseif slot < 19 then
    return wrk.format("GET", "/v2/positions", headers(index))
  else
    return wrk.format("GET", "/v2/orders?status=open&limit=50", headers(index))
  end
end

function response(status, headers, body)
  -- Only a placed order's answer (a list's would offer orders already in hand).
  if status ~= 200 or body == nil or body:sub(1, 1) ~= "{" then return end
  local index = body:match('"client_order_id":"rest%-(%d+)%-')
  if index ~= nil and body:match('"status":"new"') then
    local id = body:match('"id":"([%x%-]+)"')
    if id ~= nil then table.insert(resting[tonumber(index)], id) end
  end
end

function done(summary, latency, requests)
  io.write(string.format("non-2xx/3xx responses: %d\n", summary.errors.status))
  io.write(string.format("socket errors: connect %d, read %d, write %d, timeout %d\n",
    summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.timeout))
end
