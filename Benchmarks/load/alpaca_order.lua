-- wrk script: POST /v2/orders (Alpaca's API), a market order to buy one share of a rotating
-- symbol, signed with an API key from KEY_ID and SECRET.
local symbols = {
  "AAPL", "MSFT", "AMZN", "GOOGL", "META", "NVDA", "TSLA", "JPM", "V", "JNJ",
  "WMT", "PG", "MA", "HD", "XOM", "KO", "PEP", "CSCO", "ORCL", "INTC",
}
local counter = 0

function init(args)
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/json"
  wrk.headers["APCA-API-KEY-ID"] = os.getenv("KEY_ID")
  wrk.headers["APCA-API-SECRET-KEY"] = os.getenv("SECRET")
end

function request()
  counter = counter + 1
  local symbol = symbols[(counter % #symbols) + 1]
  return wrk.format(nil, nil, nil,
    '{"symbol":"' .. symbol .. '","qty":1,"side":"buy","type":"market","time_in_force":"day"}')
end

function done(summary, latency, requests)
  io.write(string.format("non-2xx/3xx responses: %d\n", summary.errors.status))
end
