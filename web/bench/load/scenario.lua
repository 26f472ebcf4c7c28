-- One wrk scenario of the load benchmark (web/bench/run-load-bench.mjs), set by the environment:
--   LOAD_METHOD, LOAD_PATH      the request (GET /api/v1/jobs?limit=20, …)
--   LOAD_TOKENS                 bearer tokens, comma-separated: thread k uses token k (mod count);
--                               run one connection per thread so each connection has its own account
--   LOAD_BODY                   a fixed JSON body (sign-in)
--   LOAD_JOB_IDS_FILE           one job id a line: each request posts {"job_id": next id} (apply), so a
--                               candidate never applies twice and a duplicate's 409 cannot hide in the figures
--   LOAD_INTERVAL_MS            pace each connection to one request per interval (open schedule, staggered
--                               across threads): wrk has no rate mode, so 4 threads × 100 ms give 40/s
-- done() prints one line, "LOAD_RESULT {json}", which the runner reads.

local method = os.getenv("LOAD_METHOD") or "GET"
local path = os.getenv("LOAD_PATH") or "/"
local body = os.getenv("LOAD_BODY")
local interval = tonumber(os.getenv("LOAD_INTERVAL_MS") or "")

local tokens = {}
for token in string.gmatch(os.getenv("LOAD_TOKENS") or "", "[^,]+") do
  tokens[#tokens + 1] = token
end

local counter = 0

function setup(thread)
  counter = counter + 1
  thread:set("thread_index", counter)
end

local headers = { ["Content-Type"] = "application/json" }
local job_ids = {}
local next_job = 1
local next_due = nil
local index = 1

local ffi = require("ffi")
ffi.cdef([[
  typedef struct { long tv_sec; long tv_nsec; } load_timespec;
  int clock_gettime(int clk_id, load_timespec *tp);
]])
local ts = ffi.new("load_timespec")
local function now_ms()
  ffi.C.clock_gettime(1, ts) -- CLOCK_MONOTONIC
  return tonumber(ts.tv_sec) * 1000 + tonumber(ts.tv_nsec) / 1e6
end

function init(args)
  index = tonumber(thread_index) or 1
  if #tokens > 0 then
    headers["Authorization"] = "Bearer " .. tokens[(index - 1) % #tokens + 1]
  end
  local file = os.getenv("LOAD_JOB_IDS_FILE")
  if file then
    for line in io.lines(file) do
      if #line > 0 then job_ids[#job_ids + 1] = line end
    end
  end
  if interval then
    local threads_total = tonumber(os.getenv("LOAD_THREADS") or "1")
    next_due = now_ms() + interval * (index - 1) / threads_total
  end
end

function request()
  local payload = body
  if #job_ids > 0 then
    -- Past the end the ids repeat, and the 409s then count as errors.
    payload = '{"job_id":"' .. job_ids[(next_job - 1) % #job_ids + 1] .. '"}'
    next_job = next_job + 1
  end
  return wrk.format(method, path, headers, payload)
end

if interval then
  function delay()
    local now = now_ms()
    local wait = next_due - now
    -- A late answer moves the schedule rather than bursting to catch up.
    next_due = math.max(next_due, now) + interval
    if wait < 0 then return 0 end
    return math.floor(wait)
  end
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'LOAD_RESULT {"requests":%d,"duration_us":%d,"bytes":%d,"p50_us":%d,"p90_us":%d,"p99_us":%d,' ..
      '"max_us":%d,"mean_us":%.1f,"socket_errors":%d,"non2xx":%d}\n',
    summary.requests, summary.duration, summary.bytes,
    latency:percentile(50), latency:percentile(90), latency:percentile(99),
    latency.max, latency.mean,
    e.connect + e.read + e.write + e.timeout, e.status))
end
