// @ts-check
// The swipe gesture benchmark, one command: `npm run bench:gesture` (from web/).
//
// Builds the app into a temporary folder, starts the real server on it with the demo
// jobs, signs up and onboards a candidate through the API, and in Debian's Chromium
// drags the first card of /jobs to the left with real pointer events (40 moves over
// about 700 ms to -300 px, then release), a fresh page load before each run. In the
// page it records every requestAnimationFrame time stamp, the Long Tasks (> 50 ms of
// the main thread) and the React commits (through React's DevTools hook), and checks
// that the release rejected the job ("Job rejected" toast).
// Goal (the issue's "smooth at 60 fps"): p95 frame interval ≤ 20 ms (16.7 ms plus
// jitter) and no long task during the drag.
// Prints a table and rewrites its section of docs/benchmarks.md.
//
// Environment: JOBTAP_BIN (server binary; default ../target/release/jobtap, else
// ../target/debug/jobtap), BENCH_RUNS (default 5), BENCH_DIST (build folder, kept;
// default a temporary one), BENCH_NO_DOCS=1 to leave the docs alone.

import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'vite'
import { fmtInt, keepDocs, machine, median, onboardedCandidateSession, print, serverBinary, today, webDir, withServerAndBrowser, writeSection } from './bench-support.mjs'

const runs = Number(process.env.BENCH_RUNS ?? 5)

/** The drag: like a hand, 40 pointer moves over about 700 ms to 300 px left of the start. */
const DRAG = { dx: -300, steps: 40, durationMs: 700 }
/** One frame at 60 Hz, and two (a frame missed). */
const FRAME_MS = 16.7
const TWO_FRAMES_MS = 33.4
/** The goal's p95 frame interval: one 60 Hz frame plus the clock's and the compositor's jitter. */
const GOAL_P95_MS = 20
/** The toast of a rejected job (spec, candidate §4; web/src/features/feed/messages.ts). */
const REJECTED = 'Job rejected'

/** @param {number[]} values @param {number} q in [0, 1] — nearest rank */
function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN
}

/** @param {number} ms */
const ms1 = (ms) => `${ms.toFixed(1)} ms`
/** @param {number} part @param {number} whole */
const share = (part, whole) => `${((100 * part) / whole).toFixed(1)} % (${part}/${whole})`

/**
 * Installed before any page script: a requestAnimationFrame loop that stamps every frame
 * while recording, the Long Tasks, the pointer press and release on the page, and a
 * minimal React DevTools hook whose `onCommitFiberRoot` React calls on every commit
 * (production builds call it too). Must be self-contained: it runs in the page.
 */
function instrumentGesture() {
  /** @type {{ recording: boolean, frames: number[], longTasks: { start: number, duration: number }[], commits: number[], down?: number, up?: number }} */
  const state = { recording: false, frames: [], longTasks: [], commits: [] }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.longTasks.push({ start: entry.startTime, duration: entry.duration })
  }).observe({ type: 'longtask', buffered: true })
  Object.assign(window, {
    __REACT_DEVTOOLS_GLOBAL_HOOK__: {
      supportsFiber: true,
      isDisabled: false,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: () => {},
      onScheduleFiberRoot: () => {},
      onCommitFiberUnmount: () => {},
      onPostCommitFiberRoot: () => {},
      onCommitFiberRoot: () => {
        state.commits.push(performance.now())
      },
    },
  })
  addEventListener('pointerdown', (event) => {
    state.down = event.timeStamp
  }, true)
  addEventListener('pointerup', (event) => {
    state.up = event.timeStamp
  }, true)
  /** @param {number} t */
  const tick = (t) => {
    if (!state.recording) return
    state.frames.push(t)
    requestAnimationFrame(tick)
  }
  Object.assign(window, {
    jobtapGesture: {
      /** Starts stamping frames; resolves on the first one, so the drag starts inside the record. */
      start: () =>
        new Promise((resolve) => {
          state.recording = true
          state.frames = []
          state.down = undefined
          state.up = undefined
          requestAnimationFrame((t) => {
            tick(t)
            resolve(t)
          })
        }),
      stop: () => {
        state.recording = false
        return { frames: state.frames, longTasks: state.longTasks, commits: state.commits, down: state.down, up: state.up }
      },
      commitsSoFar: () => state.commits.length,
    },
  })
}


/**
 * @typedef {{ dragMs: number, intervals: number[], longTasks: number[], commits: number | null, toast: boolean, cardGone: boolean }} Run
 */

/**
 * One drag of the card on a freshly loaded /jobs.
 * @param {import('@playwright/test').Page} page
 * @param {boolean} hookWorks whether React called the DevTools hook on load
 * @returns {Promise<Run>}
 */
async function dragOnce(page, hookWorks) {
  await page.goto('/jobs')
  const cardLocator = page.locator('article[data-job-id]')
  await cardLocator.waitFor({ state: 'visible' })
  const jobId = await cardLocator.getAttribute('data-job-id')
  // The feed loads the next page and the core once on start: let that finish, as a hand would.
  await page.waitForLoadState('networkidle')
  await page.locator('[data-testid="swipe-card"][data-gestures="ready"]').waitFor({ state: 'visible' })
  const title = cardLocator.getByRole('heading', { level: 2 })
  const box = await title.boundingBox()
  if (!box) throw new Error('The card is not on screen')
  const x = box.x + box.width / 2
  const y = box.y + box.height / 2
  await page.mouse.move(x, y)
  await page.evaluate(() => /** @type {any} */ (window).jobtapGesture.start())
  await page.mouse.down()
  const startedAt = performance.now()
  for (let step = 1; step <= DRAG.steps; step++) {
    // Pacing, not synchronisation: each move is sent at its time on the hand's schedule.
    const due = startedAt + (step * DRAG.durationMs) / DRAG.steps
    const wait = due - performance.now()
    if (wait > 0) await new Promise((r) => setTimeout(r, wait))
    await page.mouse.move(x + (step * DRAG.dx) / DRAG.steps, y)
  }
  await page.mouse.up()
  /** @type {{ frames: number[], longTasks: { start: number, duration: number }[], commits: number[], down?: number, up?: number }} */
  const record = await page.evaluate(() => /** @type {any} */ (window).jobtapGesture.stop())
  const { down, up } = record
  if (down === undefined || up === undefined) throw new Error('The page saw no pointer press and release')
  // Frames from the last one before the press to the first one after the release.
  const first = record.frames.findLastIndex((t) => t <= down)
  const lastAfter = record.frames.findIndex((t) => t >= up)
  const frames = record.frames.slice(Math.max(0, first), lastAfter === -1 ? undefined : lastAfter + 1)
  const intervals = frames.slice(1).map((t, i) => t - /** @type {number} */ (frames[i]))
  const longTasks = record.longTasks.filter((t) => t.start + t.duration >= down && t.start <= up).map((t) => t.duration)
  const commits = hookWorks ? record.commits.filter((t) => t >= down && t < up).length : null
  const toastText = page.getByRole('region', { name: /Notifications/ }).getByText(REJECTED, { exact: true })
  const toast = await toastText.waitFor({ state: 'visible', timeout: 5_000 }).then(
    () => true,
    () => false,
  )
  const cardGone = (await page.locator(`article[data-job-id="${jobId}"]`).count()) === 0
  return { dragMs: up - down, intervals, longTasks, commits, toast, cardGone }
}

/**
 * @param {Run[]} results
 * @param {{ chromium: string, cpu: string, load: string, cores: number }} env
 */
function report(results, env) {
  const all = results.flatMap((r) => r.intervals)
  const p95 = quantile(all, 0.95)
  const longTasks = results.flatMap((r) => r.longTasks)
  const met = p95 <= GOAL_P95_MS && longTasks.length === 0
  const commitCell = (/** @type {number | null} */ c) => (c === null ? 'n/a' : String(c))
  const lines = [
    '## Swipe feed: frame times while dragging a card',
    '',
    `Run with \`cd web && npm run bench:gesture\` on ${today()}: Chromium ${env.chromium} (headless, requestAnimationFrame ` +
      `at 60 Hz), ${env.cpu}, load average ${env.load} at the start. The production build served by the real server with ` +
      `the demo jobs; a candidate signed up and onboarded through the API. ${runs} runs, each on a freshly loaded ` +
      `\`/jobs\`: the first card is pressed on its title and dragged with real pointer events, ${DRAG.steps} moves over ` +
      `about ${DRAG.durationMs} ms to ${DRAG.dx} px, then released. In the page: every requestAnimationFrame time stamp ` +
      'from the frame before the press to the frame after the release, Long Tasks (main-thread tasks over 50 ms) ' +
      "overlapping the drag, and React commits during the drag (counted through React's DevTools hook).",
    '',
    '| run | drag (press to release) | frame intervals | median | p95 | max | over 16.7 ms | over 33.4 ms | long tasks | React commits | "Job rejected" shown |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---|',
    ...results.map(
      (r, i) =>
        `| ${i + 1} | ${Math.round(r.dragMs)} ms | ${fmtInt(r.intervals.length)} | ${ms1(median(r.intervals))} | ${ms1(quantile(r.intervals, 0.95))} | ` +
        `${ms1(Math.max(...r.intervals))} | ${share(r.intervals.filter((v) => v > FRAME_MS).length, r.intervals.length)} | ` +
        `${share(r.intervals.filter((v) => v > TWO_FRAMES_MS).length, r.intervals.length)} | ` +
        `${r.longTasks.length === 0 ? 'none' : r.longTasks.map(ms1).join(', ')} | ${commitCell(r.commits)} | ` +
        `${r.toast && r.cardGone ? 'yes' : '**no**'} |`,
    ),
    `| all | median ${Math.round(median(results.map((r) => r.dragMs)))} ms | ${fmtInt(all.length)} | ${ms1(median(all))} | ${ms1(p95)} | ${ms1(Math.max(...all))} | ` +
      `${share(all.filter((v) => v > FRAME_MS).length, all.length)} | ${share(all.filter((v) => v > TWO_FRAMES_MS).length, all.length)} | ` +
      `${longTasks.length === 0 ? 'none' : `${longTasks.length}, longest ${ms1(Math.max(...longTasks))}`} | ` +
      `${results.some((r) => r.commits === null) ? 'n/a' : results.reduce((n, r) => n + (r.commits ?? 0), 0)} | ` +
      `${results.filter((r) => r.toast && r.cardGone).length}/${results.length} |`,
    '',
    '"Over 16.7 ms" counts every interval longer than one 60 Hz frame, so the clock\'s sub-millisecond jitter around ' +
      '16.67 ms lands on both sides of it; "over 33.4 ms" counts frames that were missed. "Job rejected" shown: the ' +
      'toast appeared and the card left after the release (the core decided "reject" once, on release). The drag ' +
      `lasts longer than ${DRAG.durationMs} ms when Playwright's pointer moves reach the page late (a loaded machine).` +
      (Number(env.load) > env.cores
        ? ` The load average (${env.load}) was above the ${env.cores} cores: other work shared the CPU, so these ` +
          'frame times and long tasks are an upper bound; compare runs on a quiet machine.'
        : ''),
    '',
    `Goal: 60 fps: p95 frame interval ≤ 16.7 ms + jitter tolerance (≤ 20 ms) and no long task during the drag: ` +
      `${met ? 'met' : '**not met**'} (p95 ${ms1(p95)}, ${longTasks.length === 0 ? 'no long task' : `${longTasks.length} long task(s)`}).`,
  ]
  return lines.join('\n')
}

async function main() {
  const bin = serverBinary()
  const { cpu, load } = machine()
  const dist = process.env.BENCH_DIST ?? mkdtempSync(join(tmpdir(), 'jobtap-gesture-bench-'))
  try {
    print('Building the app…')
    await build({ root: webDir, logLevel: 'warn', build: { outDir: dist, emptyOutDir: true } })
    await withServerAndBrowser({ distDir: dist, env: { JOBTAP_DEMO: '1' }, bin }, async ({ baseURL, browser }) => {
      const session = await onboardedCandidateSession(baseURL)
      const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } })
      await context.addInitScript((stored) => {
        if (localStorage.getItem('jobtap.session') === null) localStorage.setItem('jobtap.session', stored)
      }, JSON.stringify(session))
      await context.addInitScript(instrumentGesture)
      const page = await context.newPage()
      /** @type {string[]} */
      const errors = []
      page.on('pageerror', (error) => errors.push(error.message))
      await page.goto('/jobs')
      await page.locator('article[data-job-id]').waitFor({ state: 'visible' })
      const hookWorks = (await page.evaluate(() => /** @type {any} */ (window).jobtapGesture.commitsSoFar())) > 0
      print(`Dragging the card, ${runs} runs…`)
      /** @type {Run[]} */
      const results = []
      for (let run = 0; run < runs; run++) results.push(await dragOnce(page, hookWorks))
      await context.close()
      if (errors.length > 0) throw new Error(`The page reported errors: ${errors.join('; ')}`)
      const section = report(results, { chromium: browser.version(), cpu, load, cores: cpus().length })
      print(`\n${section}\n`)
      if (!keepDocs()) {
        writeSection('gesture', section)
        print('Written to docs/benchmarks.md')
      }
    })
  } finally {
    if (process.env.BENCH_DIST === undefined) rmSync(dist, { recursive: true, force: true })
  }
}

await main()
