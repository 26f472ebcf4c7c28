// @ts-check
// The core benchmark, one command: `npm run bench:core` (from web/).
//
// Builds the benchmark page (web/bench/core-bench.html), serves it from the real
// server and drives Debian's Chromium through it, all in one page and one run:
//   - the two-page resume PDF: the wasm core vs jsPDF with the spec's constants,
//     both in the same worker (goal: at least 5× faster);
//   - the QR code PNG, 300 px: the wasm core vs the qrcode package's toDataURL,
//     both on the main thread, where qrcode's canvas renderer must run (goal: ≥ 1×);
//   - the fit score of 1,000 jobs the worker already holds, prepared once when it
//     received them (goal: ≤ 2 ms a scoring), with the preparation timed apart.
// Prints a table and rewrites its section of docs/benchmarks.md.
//
// Needs the wasm package built with the benchmark's exports (`WASM_FEATURES=bench
// bash scripts/build-wasm.sh`, as `make bench` does).
// Environment: JOBTAP_BIN (server binary; default ../target/release/jobtap, else
// ../target/debug/jobtap), BENCH_RUNS (default 5), BENCH_WARMUP (default 2),
// BENCH_SAMPLE_MS (how long one timed batch of calls lasts, default 100),
// BENCH_DIST (build folder, kept; default a temporary one), BENCH_NO_DOCS=1 to leave the docs alone.

import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'vite'
import {
  fmtInt,
  fmtMs,
  keepDocs,
  machine,
  median,
  print,
  serverBinary,
  spread,
  today,
  webDir,
  withServerAndBrowser,
  writeSection,
} from './bench-support.mjs'

const runs = Number(process.env.BENCH_RUNS ?? 5)
const warmup = Number(process.env.BENCH_WARMUP ?? 2)
const sampleMs = Number(process.env.BENCH_SAMPLE_MS ?? 100)
const JOBS = 1_000

/** The goals of the issue. */
const GOALS = { pdfSpeedUp: 5, qrSpeedUp: 1, scoreMs: 2 }

/** @param {string} name */
// The fit-score exports are in the benchmark's build of the wasm package only.
const bindings = readFileSync(join(webDir, 'src', 'lib', 'core-worker', 'pkg', 'jobtap_wasm.d.ts'), 'utf8')
if (!bindings.includes('class JobSet')) {
  throw new Error('The wasm package lacks the benchmark exports: run "WASM_FEATURES=bench bash scripts/build-wasm.sh" first')
}

const version = (name) => JSON.parse(readFileSync(join(webDir, 'node_modules', name, 'package.json'), 'utf8')).version

/** @param {string} outDir */
async function buildPage(outDir) {
  await build({
    configFile: false,
    root: join(webDir, 'bench'),
    base: '/',
    logLevel: 'warn',
    resolve: { alias: { '@': join(webDir, 'src') } },
    worker: { format: 'es' },
    build: {
      outDir,
      emptyOutDir: true,
      rolldownOptions: { input: join(webDir, 'bench', 'core-bench.html') },
    },
  })
}

/** @param {{ samples: number[] }} a @param {{ samples: number[] }} b */
const ratio = (a, b) => median(b.samples) / median(a.samples)
/** @param {boolean} ok */
const verdict = (ok) => (ok ? 'met' : '**not met**')

/**
 * @param {import('./core-bench').CoreBenchResult} r
 * @param {{ chromium: string, cpu: string, load: string }} env
 */
function report(r, env) {
  const pdfUp = ratio(r.pdf.compute.wasm, r.pdf.compute.jspdf)
  const qrUp = ratio(r.qr.compute.wasm, r.qr.compute.qrcode)
  const fit = r.score.fields
  const scoreMs = median(fit.scoreAll.samples)
  const fitUp = ratio(fit.scoreAll, fit.scoreMany)
  const onceUp = ratio(fit.prepareAndScore, fit.scoreMany)
  const tripUp = median(r.pdf.roundTrip.jspdf) / median(r.pdf.roundTrip.wasm)
  /** @param {{ samples: number[], calls: number }} s */
  const cell = (s) => `${spread(s.samples)} ×${fmtInt(s.calls)}`
  const lines = [
    '## Core in the browser: resume PDF, QR code, fit score',
    '',
    `Run with \`cd web && npm run bench:core\` on ${today()}: Chromium ${env.chromium}, ${env.cpu}, load average ` +
      `${env.load} at the start. All in one page (\`web/bench/core-bench.html\`) served by the real server, in one run. ` +
      `Median (min–max) of ${runs} runs after ${warmup} warm-up runs, the engines in rotating order. ` +
      `Each run is one batch of back-to-back calls (the "×n" after the figures) lasting about ${sampleMs} ms, ` +
      'divided by the number of calls: the page is not cross-origin isolated, so the browser clock moves in 0.1 ms steps.',
    '',
    '| workload | where | wasm core | incumbent | speed-up | goal |',
    '|---|---|---:|---:|---:|---|',
    `| resume PDF, two full pages (74 lines) | both in one worker | ${cell(r.pdf.compute.wasm)} | ` +
      `jsPDF ${version('jspdf')}: ${cell(r.pdf.compute.jspdf)} | ${pdfUp.toFixed(1)}× | ≥ ${GOALS.pdfSpeedUp}×: ${verdict(pdfUp >= GOALS.pdfSpeedUp)} |`,
    `| the same, one PDF asked from the page (bytes transferred back) | page → worker → page | ` +
      `${spread(r.pdf.roundTrip.wasm)} | ${spread(r.pdf.roundTrip.jspdf)} | ${tripUp.toFixed(1)}× | — |`,
    `| QR code PNG, 300 px, margin 2, level M | both on the main thread | ${cell(r.qr.compute.wasm)} | ` +
      `qrcode ${version('qrcode')} \`toDataURL\`: ${cell(r.qr.compute.qrcode)} | ${qrUp.toFixed(1)}× | ` +
      `≥ ${GOALS.qrSpeedUp}×: ${verdict(qrUp >= GOALS.qrSpeedUp)} |`,
    `| fit score, ${fmtInt(r.score.jobs)} prepared jobs (the score's five fields): \`scoreAll\` | worker | ` +
      `${cell(fit.scoreAll)} | \`scoreMany\`: ${cell(fit.scoreMany)} | ${fitUp.toFixed(1)}× | ` +
      `≤ ${GOALS.scoreMs} ms: ${verdict(scoreMs <= GOALS.scoreMs)} |`,
    `| the same, jobs with every feed field | worker | ${cell(r.score.full.scoreAll)} | — | — | — |`,
    `| preparing the ${fmtInt(r.score.jobs)} jobs, once per job list: \`new JobSet(jobs)\` | worker | ` +
      `${cell(fit.prepare)} | — | — | — |`,
    `| the same, jobs with every feed field | worker | ${cell(r.score.full.prepare)} | — | — | — |`,
    `| preparing and scoring together, for a job list scored once | worker | ${cell(fit.prepareAndScore)} | ` +
      `\`scoreMany\`: ${cell(fit.scoreMany)} | ${onceUp.toFixed(1)}× | — |`,
    `| one job's full score with explanations, for the card shown: \`explain(profile, i)\` | worker | ` +
      `${cell(fit.explain)} | — | — | — |`,
    `| fit score, ${fmtInt(r.score.jobs)} prepared jobs asked from the page (typed arrays transferred back) | ` +
      `page → worker → page | ${spread(r.score.roundTrip)} | — | — | — |`,
    '',
    'What each row times:',
    '- **Resume PDF**: the text is `fixtures/resumes/strong-developer.txt` cycled to 74 lines, two full pages ' +
      '(36 + 38 lines); both engines use the spec\'s constants (title 16 bold "ATS-Optimized Resume", body 10, ' +
      'text width 170 mm, line step 7 mm, a new page below 280 mm) and the same structure (the name in bold 12, ' +
      'headings in bold, bullets with a 4 mm hanging indent; `web/bench/js-resume-pdf.ts`), and return the ' +
      `file's bytes. Checked: ${r.pdf.pages.wasm} pages from wasm and ${r.pdf.pages.jspdf} from jsPDF, ` +
      `${fmtInt(r.pdf.bytes.wasm)} and ${fmtInt(r.pdf.bytes.jspdf)} bytes (both uncompressed). ` +
      'The round-trip row is one call each, so it carries the clock\'s 0.1 ms steps and the messaging.',
    `- **QR code**: a ${r.qr.dataLength}-character share link; the core's \`qrPng\` returns PNG bytes (what the QR dialog shows ` +
      'through a Blob URL), qrcode draws on a canvas and returns a PNG data URL. Both run on the main thread, ' +
      `since qrcode's canvas renderer needs the DOM. Checked: the images decode to ${r.qr.size.wasm.join('×')} px ` +
      `(wasm) and ${r.qr.size.qrcode.join('×')} px (qrcode), ${fmtInt(r.qr.bytes.wasm)} and ` +
      `${fmtInt(r.qr.bytes.qrcode)} bytes (the core stores its 1-bit image uncompressed; the canvas compresses).`,
    `- **Fit score**: the ${fmtInt(r.score.jobs)} jobs are \`fixtures/jobs/demo-jobs.json\` varied as in ` +
      '`web/bench/core-bench-data.ts` (a third of them without a skills list, so their requirement texts are ' +
      'read), sent to the worker once before timing, as a page holding them would have done, and **prepared ' +
      'once there, when the worker receives them** (`new JobSet(jobs)`: the jobs read out of JavaScript objects, ' +
      'their skills lists turned into canonical keys, their requirement texts split into words and scanned ' +
      'for vocabulary skills). The goal row times one `scoreAll(profile)` on that set: the profile read and ' +
      'prepared, every job scored, and the answer copied out as typed arrays (each job\'s percentage, a ' +
      'Float64Array, and whether it meets its threshold, a Uint8Array), so the preparation is not in it; its ' +
      'own row, and preparing plus scoring together, show what it costs. The card shown asks `explain` for ' +
      'its one job\'s explanations. `scoreMany` is the former binding: per call it reads the jobs out of ' +
      `JavaScript and builds ${fmtInt(r.score.jobs)} \`FitScore\` objects (four explanations each). Checked: ` +
      `\`scoreAll\` and \`scoreMany\` differ on ${fmtInt(r.score.differing)} of the ${fmtInt(r.score.jobs)} jobs; ` +
      `${fmtInt(r.score.meeting)} meet their threshold. The "every feed field" rows pass the jobs as the feed ` +
      'holds them (description, benefits, …), whose extra fields are read past.',
    '',
    'Goals:',
    `- resume PDF at least ${GOALS.pdfSpeedUp}× jsPDF: ${verdict(pdfUp >= GOALS.pdfSpeedUp)} (${pdfUp.toFixed(1)}×);`,
    `- QR PNG at least as fast as qrcode: ${verdict(qrUp >= GOALS.qrSpeedUp)} (${qrUp.toFixed(1)}×);`,
    `- fit score of ${fmtInt(JOBS)} jobs within ${GOALS.scoreMs} ms, the jobs prepared once before: ` +
      `${verdict(scoreMs <= GOALS.scoreMs)} (median ${fmtMs(scoreMs)}; preparing them once ` +
      `${fmtMs(median(fit.prepare.samples))}, both together ${fmtMs(median(fit.prepareAndScore.samples))}).`,
  ]
  return lines.join('\n')
}

/** @param {import('./core-bench').CoreBenchResult} r */
function check(r) {
  const problems = []
  if (r.pdf.pages.wasm !== 2 || r.pdf.pages.jspdf !== 2) problems.push(`PDF pages: wasm ${r.pdf.pages.wasm}, jsPDF ${r.pdf.pages.jspdf}; both must be 2`)
  for (const [engine, [w, h]] of Object.entries(r.qr.size)) {
    if (w !== 300 || h !== 300) problems.push(`QR image from ${engine} is ${w}×${h} px, not 300×300`)
  }
  if (r.score.differing !== 0) problems.push(`scoreAll and scoreMany differ on ${r.score.differing} jobs`)
  if (problems.length > 0) throw new Error(`The engines did not do the same work:\n- ${problems.join('\n- ')}`)
}

async function main() {
  const bin = serverBinary()
  const { cpu, load } = machine()
  const root = process.env.BENCH_DIST ?? mkdtempSync(join(tmpdir(), 'jobtap-core-bench-'))
  const site = join(root, 'core-bench')
  mkdirSync(site, { recursive: true })
  print('Building the core benchmark page…')
  await buildPage(site)
  try {
    await withServerAndBrowser({ distDir: site, bin }, async ({ baseURL, browser }) => {
      const page = await browser.newPage({ baseURL })
      /** @type {string[]} */
      const errors = []
      page.on('pageerror', (error) => errors.push(error.message))
      await page.goto('/core-bench.html')
      await page.waitForFunction(() => window.jobtapCoreBench !== undefined)
      print(`Timing the resume PDF, the QR code and the fit score, ${warmup} warm-up + ${runs} runs…`)
      const result = await page.evaluate(
        (options) => /** @type {NonNullable<Window['jobtapCoreBench']>} */ (window.jobtapCoreBench).run(options),
        { runs, warmup, sampleMs, jobs: JOBS },
      )
      if (errors.length > 0) throw new Error(`The page reported errors: ${errors.join('; ')}`)
      check(result)
      const section = report(result, { chromium: browser.version(), cpu, load })
      print(`\n${section}\n`)
      if (!keepDocs()) {
        writeSection('core', section)
        print('Written to docs/benchmarks.md')
      }
    })
  } finally {
    if (process.env.BENCH_DIST === undefined) rmSync(root, { recursive: true, force: true })
  }
}

await main()
