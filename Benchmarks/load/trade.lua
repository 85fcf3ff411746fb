-- wrk script: POST /api/v1/trades, buying one share of a rotating symbol.
-- The bearer token comes from the TOKEN environment variable.
local symbols = { "AAPL", "MSFT", "AMZN", "GOOGL", "META", "NVDA", "TSLA", "JPM", "V", "JNJ" }
local counter = 0

function init(args)
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/json"
  wrk.headers["Authorization"] = "Bearer " .. os.getenv("TOKEN")
end

function request()
  counter = counter + 1
  local symbol = symbols[(counter % #symbols) + 1]
  return wrk.format(nil, nil, nil,
    '{"symbol":"' .. symbol .. '","side":"buy","shares":"1"}')
end

local statuses = {}

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  -- Non-2xx answers would mean trades were refused: the figure counts only 201s.
  io.write(string.format("non-2xx/3xx responses: %d\n", summary.errors.status))
end
