// @ts-check
// Writes the core's criterion figures (`cargo bench -p jobtap-core`, run by `make bench`)
// into their section of docs/benchmarks.md: each benchmark's median time per call with
// criterion's 95 % confidence interval, read from target/criterion/<id>/new/estimates.json.
//
// Environment: CARGO_TARGET_DIR (default ../target), BENCH_NO_DOCS=1 to only print.

import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fmtMs, keepDocs, machine, print, repoDir, writeSection } from './bench-support.mjs'

/** The benchmarks of core/benches, in the order the table lists them. */
const BENCHES = [
  { id: 'score_many_1000_jobs', file: 'score.rs', what: 'fit score of one candidate for 1,000 jobs (`score_many`)' },
  {
    id: 'score_prepared_1000_jobs',
    file: 'score.rs',
    what: 'the same figures from 1,000 jobs prepared once (`PreparedJobs::score_all`, explanations left out)',
  },
  { id: 'prepare_1000_jobs', file: 'score.rs', what: 'preparing those 1,000 jobs, once per job list (`PreparedJobs::new`)' },
  {
    id: 'parse_import_10000_rows',
    file: 'csv_import.rs',
    what: "the server's full parse of a 10,000-row import CSV (`parse_import`)",
  },
  { id: 'resume_pdf_two_pages', file: 'resume_pdf.rs', what: 'the two-page resume PDF (`resume_pdf`)' },
]

/** @typedef {{ point_estimate: number, confidence_interval: { lower_bound: number, upper_bound: number } }} Estimate */

function main() {
  const dir = join(process.env.CARGO_TARGET_DIR ?? join(repoDir, 'target'), 'criterion')
  const rows = []
  let newest = 0
  for (const bench of BENCHES) {
    const file = join(dir, bench.id, 'new', 'estimates.json')
    if (!existsSync(file)) throw new Error(`${file} is missing: run "cargo bench -p jobtap-core" first`)
    newest = Math.max(newest, statSync(file).mtimeMs)
    /** @type {{ median: Estimate }} */
    const { median } = JSON.parse(readFileSync(file, 'utf8'))
    const ms = (/** @type {number} */ ns) => fmtMs(ns / 1e6)
    rows.push(
      `| \`${bench.id}\` (\`core/benches/${bench.file}\`) | ${bench.what} | **${ms(median.point_estimate)}** | ` +
        `${ms(median.confidence_interval.lower_bound)}–${ms(median.confidence_interval.upper_bound)} |`,
    )
  }
  const rustc = execFileSync('rustc', ['--version'], { encoding: 'utf8' }).trim()
  const { cpu, load } = machine()
  const section = [
    '## Core natively (criterion)',
    '',
    `Run with \`make bench\` (\`cargo bench -p jobtap-core\`, the release profile) on ` +
      `${new Date(newest).toISOString().slice(0, 10)}: ${rustc}, ${cpu}, load average ${load} right after. ` +
      "Criterion's median time per call and its 95 % confidence interval. The inputs are the browser " +
      "benchmark's: the same 1,000 varied demo jobs and two-page resume; the CSV cycles the records of " +
      '`fixtures/csv/{valid-basic,quoted-commas,multiline-cells,row-errors}.csv` (valid rows, quoted commas, ' +
      'multi-line cells, every row error) to 10,000 rows.',
    '',
    '| benchmark | what | median | 95 % CI |',
    '|---|---|---:|---:|',
    ...rows,
  ].join('\n')
  print(`\n${section}\n`)
  if (!keepDocs()) {
    writeSection('criterion', section)
    print('Written to docs/benchmarks.md')
  }
}

main()
