#!/usr/bin/env bash
# Everything CI checks, in order; stops at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/cache-env.sh
bash scripts/setup.sh test

# Each step prints the time since the start, so a slow step shows in the CI log.
step() { printf '\n\033[1;34m==> %s\033[0m (at %dm%02ds)\n' "$*" $((SECONDS / 60)) $((SECONDS % 60)); }
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

step "clippy (native and wasm)"
cargo clippy --workspace --all-targets --locked -- -D warnings
cargo clippy -p jobtap-api --all-targets --all-features --locked -- -D warnings
cargo clippy -p jobtap-wasm --target wasm32-unknown-unknown --all-targets --all-features --locked -- -D warnings

step "Rust tests on SQLite (core, API unit and integration)"
"${CARGO_TESTS[@]}"
# The server binary that cargo built for the API's integration tests serves the contract and
# the end-to-end tests too.
export JOBTAP_BIN="$CARGO_TARGET_DIR/debug/jobtap"
test -x "$JOBTAP_BIN"

step "API integration tests on PostgreSQL"
# Drop databases left by earlier runs, then run the same suite against PostgreSQL.
psql "$PG_BASE/postgres" -Atqc "SELECT datname FROM pg_database WHERE datname LIKE 'jobtap_test_%'" |
  while read -r db; do psql "$PG_BASE/postgres" -qc "DROP DATABASE IF EXISTS \"$db\"" >/dev/null; done
# Files go to a local S3 server (moto, from .venv) here, so every upload test also runs
# against the object store.
JOBTAP_TEST_POSTGRES_URL="$PG_BASE" JOBTAP_TEST_STORAGE=s3 "${CARGO_TESTS[@]}" --test api

# The contract test is bound by schemathesis' one Python thread, which leaves a core free: it
# runs beside the wasm build and every web step but the end-to-end tests (none of them measures
# time; the unit tests' waits allow 5 s), and its output is shown when it ends.
step "API contract (schemathesis), beside the wasm package and the web's checks, unit tests and build"
contract_log="$(mktemp)"
# A process group of its own, so a failing step here stops it and the server it started.
setsid bash scripts/contract-test.sh >"$contract_log" 2>&1 &
contract_pid=$!
trap 'kill -- "-$contract_pid" 2>/dev/null || true' EXIT

step "wasm package"
bash scripts/build-wasm.sh

step "web: type check and lint"
(cd web && npm run typecheck && npm run lint)

step "web: unit tests and build"
(cd web && npm run test && npm run build)

step "API contract: its result"
contract_status=0
wait "$contract_pid" || contract_status=$?
trap - EXIT
cat "$contract_log"
rm -f "$contract_log"
if ((contract_status != 0)); then
  echo "The API contract test failed (exit $contract_status)" >&2
  exit "$contract_status"
fi

step "end-to-end tests in Chromium"
(cd web && npm run e2e)

printf '\n\033[1;32mAll checks passed\033[0m in %dm%02ds.\n' $((SECONDS / 60)) $((SECONDS % 60))
