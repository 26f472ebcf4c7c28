# The two set-up commands (see README.md). Each installs what is missing first.
.PHONY: run test wasm bench bench-scale generated

## Build everything and run JobTap at http://127.0.0.1:8080 with demo jobs.
run:
	bash scripts/run.sh

## Install what is missing and run every check CI runs.
test:
	bash scripts/test.sh

wasm:
	bash scripts/build-wasm.sh

# The same packages and features as the test build, so that its dependencies are reused.
CARGO_TESTS = cargo test --locked -p jobtap-core -p jobtap-api --features jobtap-api/test-hooks

## Write the files generated from the Rust code (web/src/generated/): core's catalogue, the API's
## OpenAPI document and the TypeScript types made from it. CI fails while any of them is stale.
generated:
	JOBTAP_WRITE_GENERATED=1 $(CARGO_TESTS) --test generated_typescript
	JOBTAP_WRITE_GENERATED=1 $(CARGO_TESTS) --lib the_web_apps_copy_of_the_document_is_current
	npm ci --prefix web/tools/api-types --no-audit --no-fund --loglevel=error
	node web/tools/api-types/generate.mjs

## Every benchmark (browser, bundle sizes, the core's criterion benches, the API under load, Lighthouse); figures go to docs/benchmarks.md.
bench:
	bash scripts/setup.sh bench
	WASM_FEATURES=bench bash scripts/build-wasm.sh
	cargo build --release -p jobtap-api --bin jobtap --features bench-seed
	cd web && npm run bench:import && npm run bench:core && npm run bench:gesture
	# The sizes (and Lighthouse) are the app's own package, without the benchmark's exports.
	bash scripts/build-wasm.sh
	cd web && npm run bench:sizes
	cargo bench -p jobtap-core
	node web/bench/criterion-report.mjs
	cd web && npm run bench:load
	cd web && npm run bench:lighthouse

## The board at scale: seeds 1,000,000 jobs on PostgreSQL (a tenth on SQLite) and measures the feed,
## search, best match and the employer's routes on them (about 40 minutes on 2 cores).
bench-scale:
	bash scripts/setup.sh bench
	cargo build --release -p jobtap-api --bin jobtap --features bench-seed
	cd web && npm run bench:scale
