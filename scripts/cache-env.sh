# Sourced by the scripts: where build artefacts are kept between runs, outside the clone, the
# way hosted CI caches them. A fresh clone of the repository then rebuilds only its own crates,
# and a cold cache still builds everything.
# Overridable: CARGO_TARGET_DIR for cargo's output, JOBTAP_WASM_TARGET_DIR for the wasm
# package's, JOBTAP_CACHE_DIR for the rest.
JOBTAP_CACHE_DIR="${JOBTAP_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/jobtap}"
export JOBTAP_CACHE_DIR
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$JOBTAP_CACHE_DIR/target}"
export JOBTAP_WASM_TARGET_DIR="${JOBTAP_WASM_TARGET_DIR:-$JOBTAP_CACHE_DIR/target-wasm}"
