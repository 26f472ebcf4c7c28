// @ts-check
// First load on a phone, one command: `npm run bench:lighthouse` (from web/).
//
// Lighthouse 12 (pinned in this folder's package.json, installed apart from the app) with its
// default mobile settings — a Moto G Power sized screen, simulated slow 4G (150 ms RTT,
// 1.6 Mbit/s) and a 4× slower CPU — against the release server (`jobtap serve`, demo content on)
// serving the production build, in Debian's Chromium. Each page is measured three times, each time
// in a new browser with an empty cache; the median of the three is reported. `/jobs` is measured
// signed in as an onboarded candidate: the session is put in localStorage on a page of the same
// origin that is not the app (so no asset is cached and no service worker registered first).
//
// Prints the table and rewrites the `lighthouse` section of docs/benchmarks.md.
//
// Options: --dist DIR measures an existing production build (`npm run build`) instead of building.
// Environment: JOBTAP_BIN (default: `cargo build --release` then target/release/jobtap),
// LIGHTHOUSE_RUNS (3), LIGHTHOUSE_REPORTS=DIR to keep each run's full JSON report and trace there,
// BENCH_NO_DOCS=1 to only print, LIGHTHOUSE_PAGES=/jobs,/auth to measure only those pages (implies
// BENCH_NO_DOCS: a partial table never replaces the recorded one).

import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import lighthouse from 'lighthouse'
import { launch } from 'puppeteer-core'
import {
  keepDocs,
  machine,
  median,
  onboardedCandidateSession,
  print,
  repoDir,
  startServer,
  today,
  webDir,
  writeSection,
} from '../bench-support.mjs'

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3)
/** The goals of the issue. */
const GOALS = { performance: 95, lcpMs: 2500, accessibility: 100 }
/** The pages of the issue; `signedIn` pages are opened as an onboarded candidate. */
const ALL_PAGES = [
  { path: '/', signedIn: false },
  { path: '/auth', signedIn: false },
  { path: '/employer/auth', signedIn: false },
  { path: '/hr-api', signedIn: false },
  { path: '/jobs', signedIn: true },
]

const ONLY = process.env.LIGHTHOUSE_PAGES?.split(',')
const PAGES = ONLY ? ALL_PAGES.filter((p) => ONLY.includes(p.path)) : ALL_PAGES

/** The Chromium flags of the other benchmarks, minus what Lighthouse sets itself. */
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-component-update']

function distDir() {
  const flag = process.argv.indexOf('--dist')
  if (flag !== -1) {
    const dir = process.argv[flag + 1]
    if (!dir) throw new Error('--dist needs a folder')
    return dir
  }
  print('Building the app (npm run build)…')
  execFileSync('npm', ['run', 'build'], { cwd: webDir, stdio: 'inherit' })
  return join(webDir, 'dist')
}

function releaseBinary() {
  if (process.env.JOBTAP_BIN) return process.env.JOBTAP_BIN
  // The same binary `make bench` builds, so the load benchmark can use it after this one.
  print('Building the release server (cargo build --release --features bench-seed)…')
  execFileSync('cargo', ['build', '--release', '--locked', '-p', 'jobtap-api', '--features', 'bench-seed'], {
    cwd: repoDir,
    stdio: 'inherit',
  })
  const targetDir = process.env.CARGO_TARGET_DIR ?? join(repoDir, 'target')
  return join(targetDir, 'release', 'jobtap')
}

/**
 * One Lighthouse run of `url` in a new browser.
 * @param {string} url
 * @param {string | null} session the app's stored session, or null when signed out
 */
async function measure(url, session) {
  const browser = await launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage()
    if (session) {
      // Same origin, not the app: the health answer is JSON, so nothing of the app is cached.
      await page.goto(new URL('/api/v1/health', url).href)
      await page.evaluate((stored) => localStorage.setItem('jobtap.session', stored), session)
    }
    const result = await lighthouse(
      url,
      { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
      undefined,
      page,
    )
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    const { lhr } = result
    const reports = process.env.LIGHTHOUSE_REPORTS
    if (reports) {
      mkdirSync(reports, { recursive: true })
      const name = new URL(url).pathname.replaceAll('/', '_') || '_'
      const stamp = Date.now()
      writeFileSync(join(reports, `${name}-${stamp}.json`), JSON.stringify(lhr))
      // The page's trace, for DevTools' Performance panel (what the main thread did, and when).
      const trace = /** @type {{ Trace?: unknown }} */ (result.artifacts).Trace
      if (trace) writeFileSync(join(reports, `${name}-${stamp}.trace.json`), JSON.stringify(trace))
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`)
    const finalUrl = new URL(lhr.finalDisplayedUrl)
    if (finalUrl.pathname !== new URL(url).pathname) throw new Error(`${url} ended on ${finalUrl.pathname}`)
    const failedA11y = Object.values(lhr.audits)
      .filter((audit) => audit.score === 0 && lhr.categories.accessibility?.auditRefs.some((ref) => ref.id === audit.id))
      .map((audit) => audit.id)
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? Number.NaN,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
      bytes: lhr.audits['total-byte-weight']?.numericValue ?? Number.NaN,
      failedA11y,
    }
  } finally {
    await browser.close()
  }
}

const dist = distDir()
const bin = releaseBinary()
const server = await startServer({ distDir: dist, bin, env: { JOBTAP_DEMO: '1' } })
/** @type {{ path: string, runs: Awaited<ReturnType<typeof measure>>[] }[]} */
const results = []
try {
  const session = JSON.stringify(await onboardedCandidateSession(server.baseURL))
  for (const { path, signedIn } of PAGES) {
    const runs = []
    for (let run = 0; run < RUNS; run++) {
      const outcome = await measure(`${server.baseURL}${path}`, signedIn ? session : null)
      print(
        `${path} run ${run + 1}: performance ${outcome.performance}, LCP ${Math.round(outcome.lcpMs)} ms, ` +
          `accessibility ${outcome.accessibility}${outcome.failedA11y.length ? ` (${outcome.failedA11y.join(', ')})` : ''}`,
      )
      runs.push(outcome)
    }
    results.push({ path, runs })
  }
} finally {
  await server.stop()
}

const secs = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(2)} s`
const rows = results.map(({ path, runs }) => {
  const m = (/** @type {(r: (typeof runs)[number]) => number} */ pick) => median(runs.map(pick))
  const performance = m((r) => r.performance)
  const lcpMs = m((r) => r.lcpMs)
  const accessibility = m((r) => r.accessibility)
  const failed = [...new Set(runs.flatMap((r) => r.failedA11y))]
  const met = performance >= GOALS.performance && lcpMs <= GOALS.lcpMs && accessibility >= GOALS.accessibility
  return (
    `| \`${path}\`${PAGES.find((p) => p.path === path)?.signedIn ? ' (signed in)' : ''} | ${performance} | ` +
    `${runs.map((r) => r.performance).join(', ')} | ${secs(lcpMs)} | ${secs(m((r) => r.fcpMs))} | ` +
    `${Math.round(m((r) => r.tbtMs))} ms | ${accessibility}${failed.length ? ` (${failed.join(', ')})` : ''} | ` +
    `${(m((r) => r.bytes) / 1024).toFixed(0)} KB | ${met ? 'met' : 'not met'} |`
  )
})
const { cpu, load } = machine()
const section = [
  '## First load on a phone: Lighthouse (mobile)',
  '',
  `Run with \`cd web && npm run bench:lighthouse\` on ${today()}: Lighthouse 12.8.2, default mobile settings ` +
    '(simulated slow 4G: 150 ms RTT, 1.6 Mbit/s; 4× CPU slowdown), Debian Chromium, against the release server ' +
    `serving the production build (precompressed assets). ${cpu}, load ${load} at the end. Each page ${RUNS} times ` +
    'in a new browser with an empty cache; the median is shown, with each run\'s performance score. `/jobs` is ' +
    'opened signed in as an onboarded candidate, with the demo jobs.',
  '',
  '| page | performance | runs | LCP | FCP | TBT | accessibility | bytes | goal (≥ 95, LCP ≤ 2.5 s, a11y 100) |',
  '|---|---:|---|---:|---:|---:|---:|---:|---|',
  ...rows,
].join('\n')
print(`\n${section}`)
if (!keepDocs() && !ONLY) writeSection('lighthouse', section)
