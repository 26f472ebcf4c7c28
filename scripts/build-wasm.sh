#!/usr/bin/env bash
# Builds the wasm package for the browser into web/src/lib/core-worker/pkg.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/cache-env.sh
out=web/src/lib/core-worker/pkg
# `cargo rustc --crate-type cdylib`: the crate is also an rlib (for its native tests), and cargo
# applies the profile's LTO only when every crate type of the library can take it.
# WASM_FEATURES=bench adds the exports only the core benchmark page uses.
cargo rustc --profile wasm --target wasm32-unknown-unknown -p jobtap-wasm --lib --crate-type cdylib \
  ${WASM_FEATURES:+--features "$WASM_FEATURES"}
# The function-name section only serves stack traces; panics abort in this profile anyway.
wasm-bindgen --target web --remove-name-section --out-dir "$out" \
  "$CARGO_TARGET_DIR/wasm32-unknown-unknown/wasm/jobtap_wasm.wasm"
echo "wasm package: $out ($(du -h "$out/jobtap_wasm_bg.wasm" | cut -f1))"
