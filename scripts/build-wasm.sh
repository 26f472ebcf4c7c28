#!/usr/bin/env bash
# Builds the wasm package for the browser into web/src/lib/core-worker/pkg.
set -euo pipefail
cd "$(dirname "$0")/.."
out=web/src/lib/core-worker/pkg
cargo build --profile wasm --target wasm32-unknown-unknown -p jobtap-wasm
wasm-bindgen --target web --out-dir "$out" target/wasm32-unknown-unknown/wasm/jobtap_wasm.wasm
echo "wasm package: $out ($(du -h "$out/jobtap_wasm_bg.wasm" | cut -f1))"
