#!/usr/bin/env bash
# Builds everything and starts JobTap at http://127.0.0.1:8080 (JOBTAP_ADDR overrides)
# on SQLite in ./data with demo content.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/cache-env.sh
say() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }

# The server's build is the longest step and needs nothing the set-up installs: it runs beside
# the set-up, the wasm package and the web build (the wasm has a target folder of its own, since
# cargo locks a whole folder per build). Its output goes to a log, shown if it fails.
mkdir -p "$JOBTAP_CACHE_DIR"
server_log="$JOBTAP_CACHE_DIR/run-server-build.log"
say "building the server (profile 'local') in the background; log: $server_log"
setsid cargo build --locked --profile local -p jobtap-api --bin jobtap >"$server_log" 2>&1 &
server_build=$!
trap 'kill -- "-$server_build" 2>/dev/null || true' EXIT

bash scripts/setup.sh run
bash scripts/build-wasm.sh
(cd web && npm run build)

say "waiting for the server's build"
if ! wait "$server_build"; then
  cat "$server_log" >&2
  exit 1
fi
trap - EXIT
tail -n 1 "$server_log"
exec "$CARGO_TARGET_DIR/local/jobtap" serve
