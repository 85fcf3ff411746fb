-- wrk script: POST /api/v1/orders, a market order to buy one share of a rotating symbol,
-- each with its own client order ID. The bearer token comes from the TOKEN environment
-- variable.
local symbols = {
  "AAPL", "MSFT", "AMZN", "GOOGL", "META", "NVDA", "TSLA", "JPM", "V", "JNJ",
  "WMT", "PG", "MA", "HD", "XOM", "KO", "PEP", "CSCO", "ORCL", "INTC",
}
local counter = 0
local threads = 0

function setup(thread)
  threads = threads + 1
  thread:set("thread_id", threads)
end

function init(args)
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/json"
  wrk.headers["Authorization"] = "Bearer " .. os.getenv("TOKEN")
end

function request()
  counter = counter + 1
  local symbol = symbols[(counter % #symbols) + 1]
  return wrk.format(nil, nil, nil,
    '{"symbol":"' .. symbol .. '","side":"buy","type":"market","qty":"1","clientOrderId":"load-'
      .. thread_id .. '-' .. os.time() .. '-' .. counter .. '"}')
end

function done(summary, latency, requests)
  -- Non-2xx answers would mean orders were refused: the figure counts only 201s.
  io.write(string.format("non-2xx/3xx responses: %d\n", summary.errors.status))
end
