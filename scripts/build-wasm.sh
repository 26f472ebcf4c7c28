#!/usr/bin/env bash
# Builds the wasm package for the browser into web/src/lib/core-worker/pkg.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/cache-env.sh
out=web/src/lib/core-worker/pkg
# A target folder of its own, so `make run` builds the package while the server builds beside it
# (cargo locks a whole target folder per build).
export CARGO_TARGET_DIR="$JOBTAP_WASM_TARGET_DIR"
# `cargo rustc --crate-type cdylib`: the crate is also an rlib (for clippy and rustdoc), and cargo
# applies the profile's LTO only when every crate type of the library can take it.
# WASM_FEATURES=bench adds the exports only the core benchmark page uses.
cargo rustc --locked --profile wasm --target wasm32-unknown-unknown -p jobtap-wasm --lib --crate-type cdylib \
  ${WASM_FEATURES:+--features "$WASM_FEATURES"}
# wasm-bindgen's library at the version Cargo.lock pins (wasm/bindgen): a small crate of the
# workspace, without the CLI's test runner and its HTTP and TLS stack.
cargo build --locked --quiet -p jobtap-wasm-bindgen
"$CARGO_TARGET_DIR/debug/jobtap-wasm-bindgen" "$CARGO_TARGET_DIR/wasm32-unknown-unknown/wasm/jobtap_wasm.wasm" "$out"
echo "wasm package: $out ($(du -h "$out/jobtap_wasm_bg.wasm" | cut -f1))"
