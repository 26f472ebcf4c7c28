#!/usr/bin/env bash
# Builds everything and starts JobTap at http://127.0.0.1:8080 (JOBTAP_ADDR overrides)
# on SQLite in ./data with demo content.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/cache-env.sh
bash scripts/setup.sh run
bash scripts/build-wasm.sh
(cd web && npm run build)
cargo build --release -p jobtap-api --bin jobtap
exec "$CARGO_TARGET_DIR/release/jobtap" serve
