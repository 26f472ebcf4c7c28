#!/usr/bin/env bash
# The API contract: schemathesis fuzzes every operation of /api/v1/openapi.json against the
# real server (fresh SQLite database and data folder, demo jobs on), once as a candidate and
# once as an employer, and fails on any 5xx or any answer the document does not describe.
#
# Bounded: each run has a time budget (JOBTAP_CONTRACT_SECS, default 75 s) and at most
# JOBTAP_CONTRACT_EXAMPLES cases per operation and phase (default 25), so the script takes
# about 3–4 minutes on 2 busy cores. The report goes to target/contract-test/.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/cache-env.sh

SECS="${JOBTAP_CONTRACT_SECS:-75}"
EXAMPLES="${JOBTAP_CONTRACT_EXAMPLES:-25}"
BIN="${JOBTAP_BIN:-$CARGO_TARGET_DIR/debug/jobtap}"
OUT="target/contract-test"
SCHEMATHESIS=.venv/bin/schemathesis

if [[ ! -x "$SCHEMATHESIS" ]]; then
  echo "contract-test: $SCHEMATHESIS is missing (make test installs it)" >&2
  exit 1
fi
# A no-op when the binary is up to date; a stale binary would test old code.
if [[ -z "${JOBTAP_BIN:-}" ]]; then
  cargo build --locked -q -p jobtap-api --bin jobtap
fi

rm -rf "$OUT"
mkdir -p "$OUT"
TMP="$(mktemp -d)"
SERVER_PID=""
cleanup() {
  if [[ -n "$SERVER_PID" ]]; then
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  rm -rf "$TMP"
}
trap cleanup EXIT

PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
BASE="http://127.0.0.1:$PORT/api/v1"
mkdir -p "$TMP/web"
echo '<!doctype html><title>JobTap</title>' >"$TMP/web/index.html"

JOBTAP_ADDR="127.0.0.1:$PORT" \
  DATABASE_URL="sqlite://$TMP/jobtap.db" \
  JOBTAP_DATA_DIR="$TMP/data" \
  JOBTAP_WEB_DIR="$TMP/web" \
  JOBTAP_DEMO=1 \
  JOBTAP_RATE_LIMIT_FACTOR=1000 \
  JOBTAP_AI_BASE_URL= \
  JOBTAP_LOG="${JOBTAP_LOG:-warn}" \
  "$BIN" serve >"$OUT/server.log" 2>&1 &
SERVER_PID=$!

# Ready when health answers; give up after 60 s.
deadline=$((SECONDS + 60))
until curl -fsS "$BASE/health" >/dev/null 2>&1; do
  if ((SECONDS > deadline)) || ! kill -0 "$SERVER_PID" 2>/dev/null; then
    echo "contract-test: the server did not start; its log:" >&2
    cat "$OUT/server.log" >&2
    exit 1
  fi
  sleep 0.2
done

# The token of a new account; `$1` is the sign-up path, `$2` the JSON body.
token() {
  curl --fail-with-body -sS -X POST "$BASE$1" -H 'content-type: application/json' -d "$2" |
    jq -er .access_token
}
STAMP="$(date +%s)"
CANDIDATE="$(token /auth/signup "{\"email\":\"contract-candidate-$STAMP@example.com\",\"password\":\"contract-Pass-2025\",\"full_name\":\"Contract Candidate\"}")"
EMPLOYER="$(token /auth/employer/signup "{\"email\":\"contract-employer-$STAMP@example.com\",\"password\":\"contract-Pass-2025\",\"full_name\":\"Contract Employer\",\"company_name\":\"Contract Co\"}")"
# Both follow the link e-mailed at sign-up (an .eml in the outbox folder, as without SMTP), so
# applying and publishing are exercised rather than refused as unconfirmed.
confirm() {
  local link
  for _ in $(seq 1 50); do
    link="$(python3 - "$TMP/data/outbox" "$1" <<'PY'
import email, email.policy, pathlib, re, sys
folder, to = pathlib.Path(sys.argv[1]), sys.argv[2]
for path in folder.glob("*.eml") if folder.is_dir() else []:
    message = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
    if to in str(message["To"]) and message["Subject"] == "Confirm your JobTap e-mail address":
        text = message.get_body(("plain",)).get_content()
        print(re.search(r"#token=([\w-]+)", text).group(1))
PY
)"
    [[ -n "$link" ]] && break
    sleep 0.2
  done
  curl --fail-with-body -sS -o /dev/null -X POST "$BASE/auth/confirm-email" -H 'content-type: application/json' \
    -d "{\"token\":\"$link\"}"
}
confirm "contract-candidate-$STAMP@example.com"
confirm "contract-employer-$STAMP@example.com"
# Onboarding, so the candidate's feed, scores and applications have a profile to work from.
if ! curl --fail-with-body -sS -o "$OUT/onboarding.json" -X POST "$BASE/profile/onboarding" \
  -H "authorization: Bearer $CANDIDATE" \
  -F full_name='Contract Candidate' -F degree_class='2.1 Class' -F university=NUST \
  -F skills='Rust, TypeScript, SQL' -F experience_years=4 -F preferred_location=Remote \
  -F min_salary=50000 -F max_salary=90000 -F job_types=Full-time \
  -F "resume=@fixtures/resumes/strong-developer.pdf;type=application/pdf"; then
  echo "contract-test: onboarding failed: $(cat "$OUT/onboarding.json")" >&2
  exit 1
fi

# `$1`: the run's name, `$2`: its token.
run() {
  echo "==> schemathesis as the $1 (${SECS}s budget)"
  # Sign-out and ending sessions are left out: with them the run ended the session it signs in
  # with, and 76 operations answered only 401 (the integration tests cover them).
  # One worker: with two threads, CPython 3.11 builds ASTs in both at once (hypothesis reads
  # its strategies' lambda sources) and fails with "AST constructor recursion depth mismatch"
  # (python/cpython#106905), an error of the tool, not of the API.
  "$SCHEMATHESIS" run "$BASE/openapi.json" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,response_headers_conformance \
    --header "Authorization: Bearer $2" \
    --exclude-path /api/v1/auth/signout \
    --exclude-path /api/v1/auth/sessions/sign-out-others \
    --exclude-path-regex '^/api/v1/auth/sessions/\{id\}$' \
    --max-examples "$EXAMPLES" \
    --max-time "$SECS" \
    --workers 1 \
    --seed "${JOBTAP_CONTRACT_SEED:-20250101}" \
    --request-timeout 30 \
    --suppress-health-check all \
    --report junit --report-junit-path "$OUT/$1.xml" \
    --no-color 2>&1 | tee "$OUT/$1.log"
  return "${PIPESTATUS[0]}"
}

failed=0
candidate_status=0
employer_status=0
run candidate "$CANDIDATE" || candidate_status=$?
run employer "$EMPLOYER" || employer_status=$?

summary() {
  local name=$1 xml="$OUT/$1.xml"
  python3 - "$name" "$xml" <<'PY'
import sys, xml.etree.ElementTree as ET
name, path = sys.argv[1], sys.argv[2]
try:
    root = ET.parse(path).getroot()
except (OSError, ET.ParseError) as e:
    print(f"{name}: no report ({e})"); sys.exit()
cases = root.iter("testcase")
total = failures = errors = 0
for case in cases:
    total += 1
    failures += len(case.findall("failure"))
    errors += len(case.findall("error"))
print(f"{name}: {total} operations, {failures} failing, {errors} errors")
PY
}
{
  echo "API contract (schemathesis) against $BASE/openapi.json"
  summary candidate
  summary employer
  echo "5xx answers in the server log: $(grep -c 'request failed' "$OUT/server.log" || true)"
} | tee "$OUT/summary.txt"

if ((candidate_status != 0 || employer_status != 0)); then
  echo "contract-test: schemathesis found problems; see $OUT/*.log" >&2
  failed=1
fi
exit "$failed"
