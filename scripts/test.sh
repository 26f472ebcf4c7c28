#!/usr/bin/env bash
# Everything CI checks, in order; stops at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh test

# Each step prints the time since the start, so a slow step shows in the CI log.
step() { printf '\n\033[1;34m==> %s\033[0m (at %dm%02ds)\n' "$*" $((SECONDS / 60)) $((SECONDS % 60)); }
PG_BASE="${JOBTAP_TEST_POSTGRES_BASE:-postgres://postgres@127.0.0.1:5432}"

step "format"
cargo fmt --all --check

step "clippy (native and wasm)"
cargo clippy --workspace --all-targets --locked -- -D warnings
cargo clippy -p jobtap-wasm --target wasm32-unknown-unknown --locked -- -D warnings

step "Rust tests on SQLite (core, API unit and integration)"
cargo test --locked

step "API integration tests on PostgreSQL"
# Drop databases left by earlier runs, then run the same suite against PostgreSQL.
psql "$PG_BASE/postgres" -Atqc "SELECT datname FROM pg_database WHERE datname LIKE 'jobtap_test_%'" |
  while read -r db; do psql "$PG_BASE/postgres" -qc "DROP DATABASE IF EXISTS \"$db\"" >/dev/null; done
# Files go to a local S3 server (moto, from .venv) here, so every upload test also runs
# against the object store.
JOBTAP_TEST_POSTGRES_URL="$PG_BASE" JOBTAP_TEST_STORAGE=s3 cargo test --locked -p jobtap-api --test api

step "API contract (schemathesis)"
bash scripts/contract-test.sh

step "wasm tests (in node)"
cargo test --locked -p jobtap-wasm --target wasm32-unknown-unknown

step "wasm package"
bash scripts/build-wasm.sh

step "web: type check, lint, unit tests, build"
(cd web && npm run typecheck && npm run lint && npm run test && npm run build)

step "end-to-end tests in Chromium"
cargo build --locked -p jobtap-api --bin jobtap
(cd web && npm run e2e)

printf '\n\033[1;32mAll checks passed\033[0m in %dm%02ds.\n' $((SECONDS / 60)) $((SECONDS % 60))
