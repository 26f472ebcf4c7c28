#!/usr/bin/env bash
# Everything CI checks, in order; stops at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/cache-env.sh
bash scripts/setup.sh test

# Each step prints the time since the start and the processor time the finished steps used (user
# and system, on all cores): on 2 cores, half that is the shortest the run could take.
# (`times` reads this shell's children, so it cannot run in a `$(…)` subshell.)
cpu_file="$(mktemp)"
step() {
  times >"$cpu_file"
  printf '\n\033[1;34m==> %s\033[0m (at %dm%02ds; processor time so far: %s)\n' "$*" \
    $((SECONDS / 60)) $((SECONDS % 60)) "$(tail -1 "$cpu_file")"
}
PG_BASE="${JOBTAP_TEST_POSTGRES_BASE:-postgres://postgres@127.0.0.1:5432}"
# Every cargo call below selects the same packages (the workspace's default members, core and
# api), so they resolve the same features and share one debug build: a call that selects only
# the api (`-p jobtap-api`) would rebuild every dependency with other features. The test build
# has the server's test hooks (the fault suite's pause points); production builds do not.
CARGO_TESTS=(cargo test --locked -p jobtap-core -p jobtap-api --features jobtap-api/test-hooks)
# rustc's incremental cache is tied to the source folder's path, and CI builds each clone in a
# new one: the cache would only be written, never read.
export CARGO_INCREMENTAL="${CARGO_INCREMENTAL:-0}"

step "format"
cargo fmt --all --check

# The end-to-end tests take the longest and leave the processor idle while the browser waits, so
# they start as soon as the server and the web app are built, and every other check runs beside
# them. Each background check is a process group of its own with its output in a file, shown
# when it ends; a failing step stops them.
background=()
trap 'for pid in "${background[@]}"; do kill -- "-$pid" 2>/dev/null || true; done' EXIT
# Starts "$@" in the background, its output in $logs/$name.
logs="$(mktemp -d)"
beside() {
  local name="$1"
  shift
  setsid "$@" >"$logs/$name" 2>&1 &
  background+=($!)
  eval "${name}_pid=$!"
}
# Waits for the background check $1 and shows its output; stops the run if it failed.
result() {
  local name="$1" status=0 pid_var="${1}_pid"
  wait "${!pid_var}" || status=$?
  cat "$logs/$name"
  if ((status != 0)); then
    echo "$name failed (exit $status)" >&2
    exit "$status"
  fi
}

step "Rust test build (core, API unit and integration tests, the server)"
"${CARGO_TESTS[@]}" --no-run
# The server binary cargo builds for the API's integration tests serves the contract and the
# end-to-end tests too.
# A copy, so that no build in the shared target folder (another checkout's) swaps it mid-run.
cp "$CARGO_TARGET_DIR/debug/jobtap" "$logs/jobtap"
export JOBTAP_BIN="$logs/jobtap"

step "wasm package"
bash scripts/build-wasm.sh

step "web: type check, lint and build"
(cd web && npm run typecheck && npm run lint && npm run build)

step "end-to-end tests in Chromium, beside every check below"
beside e2e bash -c 'cd web && npm run e2e'

step "clippy (native and wasm)"
# Every feature at once: the test hooks and the benchmark seed are additions, so one pass with all
# of them checks every line the default build has too.
cargo clippy --workspace --all-targets --all-features --locked -- -D warnings
cargo clippy -p jobtap-wasm --target wasm32-unknown-unknown --all-targets --all-features --locked -- -D warnings

# The contract test is bound by schemathesis' one Python thread; it runs beside the Rust tests.
step "API contract (schemathesis), beside the Rust tests"
beside contract bash scripts/contract-test.sh

step "Rust tests on SQLite (core, API unit and integration)"
"${CARGO_TESTS[@]}"

step "API integration tests on PostgreSQL"
# Drop databases left by earlier runs, then run the same suite against PostgreSQL.
psql "$PG_BASE/postgres" -Atqc "SELECT datname FROM pg_database WHERE datname LIKE 'jobtap_test_%'" |
  while read -r db; do psql "$PG_BASE/postgres" -qc "DROP DATABASE IF EXISTS \"$db\"" >/dev/null; done
# Files go to a local S3 server (moto, from .venv) here, so every upload test also runs
# against the object store.
JOBTAP_TEST_POSTGRES_URL="$PG_BASE" JOBTAP_TEST_STORAGE=s3 "${CARGO_TESTS[@]}" --test api

step "web: unit tests"
(cd web && npm run test)

step "API contract: its result"
result contract

step "end-to-end tests: their result"
result e2e
trap - EXIT
rm -rf "$logs"

times >"$cpu_file"
printf '\n\033[1;32mAll checks passed\033[0m in %dm%02ds (processor time: %s).\n' $((SECONDS / 60)) $((SECONDS % 60)) \
  "$(tail -1 "$cpu_file")"
rm -f "$cpu_file"
