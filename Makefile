# The two set-up commands (see README.md). Each installs what is missing first.
.PHONY: run test wasm bench

## Build everything and run JobTap at http://127.0.0.1:8080 with demo jobs.
run:
	bash scripts/run.sh

## Install what is missing and run every check CI runs.
test:
	bash scripts/test.sh

wasm:
	bash scripts/build-wasm.sh

## Every benchmark (browser, bundle sizes, the core's criterion benches, the API under load, Lighthouse); figures go to docs/benchmarks.md.
bench:
	bash scripts/setup.sh bench
	bash scripts/build-wasm.sh
	cargo build --release -p jobtap-api --bin jobtap
	cd web && npm run bench
	cargo bench -p jobtap-core
	node web/bench/criterion-report.mjs
	cd web && npm run bench:load
	cd web && npm run bench:lighthouse
