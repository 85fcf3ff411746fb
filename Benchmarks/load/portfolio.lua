-- wrk script: GET /api/v1/portfolio as many users in turn, so a cache that only one user
-- would hit does not count. The bearer tokens come one per line from TOKENS_FILE.
local tokens = {}
local counter = 0

function init(args)
  for line in io.lines(os.getenv("TOKENS_FILE")) do
    tokens[#tokens + 1] = line
  end
  -- Each thread starts at a different user.
  counter = math.random(#tokens)
end

function request()
  counter = counter + 1
  local token = tokens[(counter % #tokens) + 1]
  return wrk.format("GET", "/api/v1/portfolio", { ["Authorization"] = "Bearer " .. token })
end

function done(summary, latency, requests)
  io.write(string.format("non-2xx/3xx responses: %d\n", summary.errors.status))
end
