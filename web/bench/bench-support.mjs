// @ts-check
// What the benchmark scripts share: statistics, formatting, the machine line, writing
// a marked section of docs/benchmarks.md, and starting the real server and Chromium.

import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { cpus, loadavg, tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')
export const repoDir = resolve(webDir, '..')
export const docsFile = join(repoDir, 'docs', 'benchmarks.md')

/** @param {string} text */
export const print = (text) => process.stdout.write(`${text}\n`)

/** @param {number[]} values */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? /** @type {number} */ (sorted[mid]) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
}

/** A time given in milliseconds, with three significant digits: `12.3 µs`, `1.23 ms`, `123 ms`. @param {number} ms */
export const fmtMs = (ms) =>
  ms < 1 ? `${Number((ms * 1000).toPrecision(3))} µs` : `${ms >= 100 ? Math.round(ms) : Number(ms.toPrecision(3))} ms`

/** "median (min–max)" of millisecond samples. @param {number[]} values */
export const spread = (values) => `${fmtMs(median(values))} (${fmtMs(Math.min(...values))}–${fmtMs(Math.max(...values))})`

/** @param {number} n */
export const fmtInt = (n) => n.toLocaleString('en-US')

/** Kilobytes of 1,024 bytes, one decimal. @param {number} bytes */
export const fmtKb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`

/** The CPU model and count, and the 1-minute load average now (other work skews figures). */
export function machine() {
  return {
    cpu: `${cpus()[0]?.model.trim() ?? 'unknown CPU'} × ${cpus().length}`,
    load: loadavg()[0]?.toFixed(1) ?? '?',
  }
}

/** Today, as the date of a run. */
export const today = () => new Date().toISOString().slice(0, 10)

/**
 * Replaces the section between `<!-- bench:NAME:start -->` and `<!-- bench:NAME:end -->`
 * in docs/benchmarks.md (appending it when missing); other sections stay as they are.
 * @param {string} name
 * @param {string} section
 */
export function writeSection(name, section) {
  const start = `<!-- bench:${name}:start -->`
  const end = `<!-- bench:${name}:end -->`
  const block = `${start}\n${section}\n${end}`
  let text = existsSync(docsFile)
    ? readFileSync(docsFile, 'utf8')
    : '# Benchmarks\n\nMeasured figures, each section written by the command it names. Numbers depend on the machine; ' +
      'compare runs on the same one.\n'
  const from = text.indexOf(start)
  const to = text.indexOf(end)
  text =
    from !== -1 && to > from ? text.slice(0, from) + block + text.slice(to + end.length) : `${text.trimEnd()}\n\n${block}\n`
  writeFileSync(docsFile, text)
}

/** Whether the run should leave docs/benchmarks.md alone (`BENCH_NO_DOCS=1`). */
export const keepDocs = () => process.env.BENCH_NO_DOCS === '1'

/** The Chromium flags of the e2e tests (web/playwright.config.ts): headless, and no downloads or background traffic. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/**
 * Debian's Chromium, launched as the e2e tests launch it (Playwright downloads no browser here).
 * Playwright is imported here, not at the top, so the scripts without a browser start quickly.
 */
export async function launchChromium() {
  const { chromium } = await import('@playwright/test')
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS })
}

/** The server binary: JOBTAP_BIN, else ../target/release/jobtap, else ../target/debug/jobtap. */
export function serverBinary() {
  const candidates = [process.env.JOBTAP_BIN, join(repoDir, 'target', 'release', 'jobtap'), join(repoDir, 'target', 'debug', 'jobtap')]
  const found = candidates.find((path) => path && existsSync(path))
  if (!found) throw new Error('No server binary: run "cargo build -p jobtap-api" first (or set JOBTAP_BIN)')
  return found
}

/** @returns {Promise<number>} a free port on 127.0.0.1 */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolvePort(port))
    })
  })
}

/**
 * Waits until `/api/v1/health` answers; fails at once when the server exits first
 * (a port taken meanwhile, a bad setting) rather than after the 30 s limit.
 * @param {string} baseURL
 * @param {import('node:child_process').ChildProcess} server
 */
export async function waitForHealth(baseURL, server) {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode} before it was healthy`)
    try {
      const response = await fetch(`${baseURL}/api/v1/health`)
      if (response.ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('The server did not become healthy within 30 s')
}

/**
 * Starts `jobtap serve` on a free port with a fresh data folder, serving `distDir`,
 * and waits until it is healthy. `stop()` ends it and removes the data folder.
 * `env` adds to (or overrides) the defaults; JOBTAP_DEMO is off unless set, and accounts apply and
 * publish without confirming their address (the benchmarks measure other things).
 * @param {{ distDir: string, env?: Record<string, string>, bin?: string }} options
 * @returns {Promise<{ baseURL: string, dataDir: string, stop: () => Promise<void> }>}
 */
export async function startServer({ distDir, env = {}, bin = serverBinary() }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'jobtap-bench-data-'))
  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  const server = spawn(bin, ['serve'], {
    env: {
      ...process.env,
      JOBTAP_ADDR: `127.0.0.1:${port}`,
      JOBTAP_DATA_DIR: dataDir,
      JOBTAP_WEB_DIR: distDir,
      JOBTAP_DEMO: '0',
      JOBTAP_REQUIRE_CONFIRMED_EMAIL: '0',
      ...env,
    },
    stdio: 'ignore',
  })
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once('exit', r))
      server.kill('SIGTERM')
      await exited
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    await waitForHealth(baseURL, server)
  } catch (error) {
    await stop()
    throw error
  }
  return { baseURL, dataDir, stop }
}

/**
 * Runs `run` with the server started on `distDir` and Chromium launched, and stops both
 * afterwards, whether it succeeded or threw.
 * @template T
 * @param {{ distDir: string, env?: Record<string, string>, bin?: string }} options
 * @param {(ctx: { baseURL: string, dataDir: string, browser: import('@playwright/test').Browser }) => Promise<T>} run
 * @returns {Promise<T>}
 */
export async function withServerAndBrowser(options, run) {
  const server = await startServer(options)
  try {
    const browser = await launchChromium()
    try {
      return await run({ baseURL: server.baseURL, dataDir: server.dataDir, browser })
    } finally {
      await browser.close()
    }
  } finally {
    await server.stop()
  }
}

/**
 * Signs up a candidate and onboards them through the API as web/e2e/support/feed.ts does,
 * returning the session in the app's own format (as web/e2e/support/accounts.ts hands it over).
 * @param {string} base
 */
export async function onboardedCandidateSession(base) {
  const signUp = await fetch(`${base}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: 'bench-pass-1', full_name: 'Tendai Moyo' }),
  })
  if (signUp.status !== 201) throw new Error(`Candidate sign-up failed: ${signUp.status} ${await signUp.text()}`)
  const body = await signUp.json()
  const form = new FormData()
  const fields = {
    full_name: 'Tendai Moyo',
    degree_class: '2.1 Class',
    university: 'NUST',
    skills: 'SQL, Python',
    experience_years: '3',
    preferred_location: 'Harare',
    min_salary: '1000',
    max_salary: '2500',
    job_types: 'Full-time',
  }
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  const resume = readFileSync(join(repoDir, 'fixtures', 'resumes', 'strong-developer.pdf'))
  form.append('resume', new Blob([resume], { type: 'application/pdf' }), 'strong-developer.pdf')
  const onboarded = await fetch(`${base}/api/v1/profile/onboarding`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${body.access_token}` },
    body: form,
  })
  if (onboarded.status !== 200) throw new Error(`Onboarding failed: ${onboarded.status} ${await onboarded.text()}`)
  return {
    user: {
      id: body.user.id,
      email: body.user.email,
      fullName: body.user.full_name,
      companyName: body.user.company_name,
      roles: body.user.roles,
      onboarded: true,
      hasAvatar: body.user.has_avatar,
    },
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    expiresAt: Math.floor(Date.now() / 1000) + body.expires_in,
    expiresIn: body.expires_in,
  }
}
