#!/usr/bin/env bash
# Installs whatever is missing for running (`setup.sh run`), testing (`setup.sh test`) or
# benchmarking (`setup.sh bench`: the test tools plus wrk) JobTap.
# Idempotent: each step checks first, so a second call takes seconds.
# Everything comes from the package registries (Debian, crates.io, npm, PyPI).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/cache-env.sh
mode="${1:-run}"

say() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }

apt_updated=0
apt_install() {
  local missing=()
  for pkg in "$@"; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  say "apt-get install ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  if [ $apt_updated -eq 0 ]; then $sudo apt-get update -qq; apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# Debian packages: Node for the web build, tesseract for reading resume images (OCR).
command -v node >/dev/null 2>&1 || apt_install nodejs npm
apt_install tesseract-ocr
if [ "$mode" = test ] || [ "$mode" = bench ]; then
  # poppler-utils: the tests read the resume PDF back with pdftotext, as a recruiter's tools would.
  apt_install chromium poppler-utils
fi

# Rust: the wasm target (wasm-bindgen itself is a crate of the workspace, wasm/bindgen).
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "rustup target add wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

# npm packages, reinstalled only when the lockfile changed. A finished install is kept in the
# cache, one per lockfile, and copied into a fresh clone (a copy is much faster than npm ci).
lock_hash=$(sha256sum web/package-lock.json | cut -c1-16)
if [ "$(cat web/node_modules/.jobtap-lock 2>/dev/null)" != "$lock_hash" ]; then
  modules_cache="$JOBTAP_CACHE_DIR/node_modules-$lock_hash"
  rm -rf web/node_modules
  if [ -f "$modules_cache/.jobtap-lock" ]; then
    say "web/node_modules from $modules_cache"
    cp -a "$modules_cache" web/node_modules
  else
    say "npm ci"
    (cd web && npm ci --no-audit --no-fund --loglevel=error)
    echo "$lock_hash" >web/node_modules/.jobtap-lock
    mkdir -p "$JOBTAP_CACHE_DIR"
    cp -a web/node_modules "$modules_cache.$$"
    mv -T "$modules_cache.$$" "$modules_cache" 2>/dev/null || rm -rf "$modules_cache.$$"
    # Keep the two newest installs (another branch's lockfile may come back).
    ls -dt "$JOBTAP_CACHE_DIR"/node_modules-* | tail -n +3 | xargs -r rm -rf
  fi
fi

# openapi-typescript, in a package of its own (it needs TypeScript 5's compiler API; the app builds
# with TypeScript 7), for the check that web/src/generated/api.ts is current.
if [ "$mode" = test ] || [ "$mode" = bench ]; then
  api_types_lock=$(sha256sum web/tools/api-types/package-lock.json | cut -c1-16)
  if [ "$(cat web/tools/api-types/node_modules/.jobtap-lock 2>/dev/null)" != "$api_types_lock" ]; then
    say "npm ci (web/tools/api-types)"
    npm ci --prefix web/tools/api-types --no-audit --no-fund --loglevel=error
    echo "$api_types_lock" >web/tools/api-types/node_modules/.jobtap-lock
  fi
fi

# PostgreSQL for the test suite (the tests create a fresh database per test).
if [ "$mode" = test ] || [ "$mode" = bench ]; then
  if ! pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
    if ! ls /etc/postgresql/*/main >/dev/null 2>&1; then
      apt_install postgresql
    fi
    say "starting PostgreSQL"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
    for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
    pg_isready -h 127.0.0.1 -p 5432
  fi
fi

# Python tools for the test command, in a private virtualenv (PyPI, pinned):
# moto's S3 server for the object-store tests, schemathesis for the API contract.
# The virtualenv is kept in the cache, one per version of the requirements, and the
# clone's .venv links to it.
if [ "$mode" = test ] || [ "$mode" = bench ]; then
  venv="$JOBTAP_CACHE_DIR/venv-$(sha256sum scripts/requirements-test.txt | cut -c1-16)"
  if [ ! -f "$venv/.installed" ] || ! "$venv/bin/python" -c '' 2>/dev/null; then
    say "pip install -r scripts/requirements-test.txt (into $venv)"
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r scripts/requirements-test.txt
    touch "$venv/.installed"
  fi
  if [ "$(readlink .venv 2>/dev/null)" != "$venv" ]; then
    rm -rf .venv
    ln -s "$venv" .venv
  fi
fi

# wrk (Debian) drives the API load benchmarks; sqlite3 reads the scale benchmark's table and
# index sizes (dbstat).
if [ "$mode" = bench ]; then
  apt_install wrk sqlite3
fi
