// @ts-check
// The API under load: wrk on loopback against the release server, on SQLite and on
// PostgreSQL, writing the `load` section of docs/benchmarks.md.
//
// For each database: a fresh one (a SQLite file in a temp folder; a new database on
// postgres://postgres@127.0.0.1:5432), filled by the hidden `jobtap bench-seed` command (in a
// release build with `--features bench-seed`, as `make bench` makes; direct SQL, see
// api/src/bench_seed.rs), then `jobtap serve` with demo content off and the auth rate limits
// raised, accounts signed in through the real API, and each scenario run for a 5 s warm-up and a
// 20 s measured run of wrk (web/bench/load/scenario.lua). The server's peak RSS (VmHWM) is read
// after the runs.
//
// Environment: JOBTAP_BIN (default ../target/release/jobtap), LOAD_DBS (sqlite,postgres),
// LOAD_PG_URL (postgres://postgres@127.0.0.1:5432), LOAD_SECONDS (20), LOAD_WARMUP_SECONDS (5),
// LOAD_PIN=1 to pin the server to CPU 0 and wrk to CPU 1 with taskset, LOAD_ONLY=feed,apply,…
// to run some scenarios, BENCH_NO_DOCS=1 to only print.

import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { fmtInt, keepDocs, machine, print, repoDir, today, writeSection } from './bench-support.mjs'

const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), 'load', 'scenario.lua')
const BIN = process.env.JOBTAP_BIN ?? join(repoDir, 'target', 'release', 'jobtap')
const PG_URL = process.env.LOAD_PG_URL ?? 'postgres://postgres@127.0.0.1:5432'
const SECONDS = Number(process.env.LOAD_SECONDS ?? 20)
const WARMUP = Number(process.env.LOAD_WARMUP_SECONDS ?? 5)
const PIN = process.env.LOAD_PIN === '1'
const DBS = (process.env.LOAD_DBS ?? 'sqlite,postgres').split(',').filter(Boolean)
const ONLY = process.env.LOAD_ONLY ? new Set(process.env.LOAD_ONLY.split(',')) : null
/** Connections of the dashboard scenarios: a few employers refreshing at once, not a crowd. */
const DASHBOARD_CONNECTIONS = 4

/**
 * @typedef {{ requests: number, duration_us: number, bytes: number, p50_us: number, p90_us: number,
 *   p99_us: number, max_us: number, mean_us: number, socket_errors: number, non2xx: number }} WrkResult
 * @typedef {{ method?: string, path: string, tokens?: string[], body?: string, jobIdsFile?: string,
 *   intervalMs?: number, connections: number, threads: number }} Scenario
 * @typedef {{ name: string, what: string, connections: string, result: WrkResult, goal: string, met: boolean | null,
 *   peakMb?: number }} Row
 */

/** @returns {Promise<number>} */
function freePort() {
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

/** `command` with `args`, pinned to `cpu` when LOAD_PIN=1. @param {string} command @param {string[]} args @param {number} cpu */
const pinned = (command, args, cpu) => (PIN ? ['taskset', ['-c', String(cpu), command, ...args]] : [command, args])

/**
 * Runs wrk for `seconds` and reads the line the script's done() prints.
 * @param {string} baseURL @param {Scenario} s @param {number} seconds
 * @returns {Promise<WrkResult>}
 */
function wrk(baseURL, s, seconds) {
  const args = ['-t', String(s.threads), '-c', String(s.connections), '-d', `${seconds}s`, '--latency', '--timeout', '5s']
  args.push('-s', SCRIPT, `${baseURL}${s.path}`)
  const env = {
    ...process.env,
    LOAD_METHOD: s.method ?? 'GET',
    LOAD_PATH: s.path,
    LOAD_TOKENS: (s.tokens ?? []).join(','),
    LOAD_THREADS: String(s.threads),
    ...(s.body ? { LOAD_BODY: s.body } : {}),
    ...(s.jobIdsFile ? { LOAD_JOB_IDS_FILE: s.jobIdsFile } : {}),
    ...(s.intervalMs ? { LOAD_INTERVAL_MS: String(s.intervalMs) } : {}),
  }
  const [command, fullArgs] = pinned('wrk', args, 1)
  return new Promise((resolveRun, reject) => {
    const child = spawn(/** @type {string} */ (command), /** @type {string[]} */ (fullArgs), { env })
    let out = ''
    let err = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (err += d))
    child.on('error', reject)
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('LOAD_RESULT '))
      if (code !== 0 || !line) reject(new Error(`wrk failed (${code}): ${err}${out}`))
      else resolveRun(JSON.parse(line.slice('LOAD_RESULT '.length)))
    })
  })
}

/** @param {WrkResult} r */
const rps = (r) => r.requests / (r.duration_us / 1e6)
/** @param {number} us */
const ms = (us) => (us / 1000 >= 10 ? (us / 1000).toFixed(1) : (us / 1000).toFixed(2))
/** @param {WrkResult} r */
const errors = (r) => r.socket_errors + r.non2xx

/** @param {string} url @param {RequestInit & { json?: unknown, token?: string }} init */
async function api(url, { json, token, ...init } = {}) {
  const headers = /** @type {Record<string, string>} */ ({ 'content-type': 'application/json' })
  if (token) headers.authorization = `Bearer ${token}`
  const response = await fetch(url, { ...init, headers, body: json === undefined ? undefined : JSON.stringify(json) })
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`)
  return response.json()
}

/** @param {number} pid */
function peakRssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? NaN)
  return kb / 1024
}

/** A fresh database for `kind`; `drop()` removes it. @param {string} kind @param {string} dataDir */
function freshDatabase(kind, dataDir) {
  if (kind === 'sqlite') return { url: `sqlite://${join(dataDir, 'jobtap.db')}`, settle: () => {}, drop: () => {} }
  const name = `jobtap_load_${process.pid}_${Date.now()}`
  execFileSync('psql', [`${PG_URL}/postgres`, '-qc', `CREATE DATABASE ${name}`])
  return {
    url: `${PG_URL}/${name}`,
    // What autovacuum does within a minute of a burst of inserts (the apply run adds ~30,000
    // rows): fresh statistics and a set visibility map, so the next scenarios meet the
    // database in its steady state rather than in the seconds after the burst.
    settle: () => execFileSync('psql', [`${PG_URL}/${name}`, '-qc', 'VACUUM ANALYZE']),
    drop: () => execFileSync('psql', [`${PG_URL}/postgres`, '-qc', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]),
  }
}

/** @param {string} baseURL @param {import('node:child_process').ChildProcess} server */
async function waitForHealth(baseURL, server) {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`)
    try {
      if ((await fetch(`${baseURL}/api/v1/health`)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('The server did not become healthy within 30 s')
}

/**
 * Seeds, serves and loads one database.
 * @param {string} kind
 * @returns {Promise<{ rows: Row[], peakMb: number, seeded: { dashboard_jobs: number, dashboard_applications: number, apply_job_ids: string[] } }>}
 */
async function runDatabase(kind) {
  const dataDir = mkdtempSync(join(tmpdir(), 'jobtap-load-'))
  const db = freshDatabase(kind, dataDir)
  /** @type {import('node:child_process').ChildProcess | undefined} */
  let server
  try {
    const env = {
      ...process.env,
      DATABASE_URL: db.url,
      JOBTAP_DATA_DIR: dataDir,
      JOBTAP_WEB_DIR: dataDir,
      JOBTAP_DEMO: '0',
      JOBTAP_RATE_LIMIT_FACTOR: '1000000',
    }
    print(`${kind}: seeding…`)
    const seeded = JSON.parse(execFileSync(BIN, ['bench-seed'], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }))
    const port = await freePort()
    const baseURL = `http://127.0.0.1:${port}`
    const [command, args] = pinned(BIN, ['serve'], 0)
    server = spawn(/** @type {string} */ (command), /** @type {string[]} */ (args), {
      env: { ...env, JOBTAP_ADDR: `127.0.0.1:${port}` },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    await waitForHealth(baseURL, server)
    const signIn = async (/** @type {string} */ email) =>
      /** @type {{ access_token: string }} */ (
        await api(`${baseURL}/api/v1/auth/signin`, { method: 'POST', json: { email, password: seeded.password } })
      ).access_token
    const feedToken = await signIn(seeded.feed_candidate)
    const applyTokens = []
    for (const email of seeded.apply_candidates) applyTokens.push(await signIn(email))
    const employerToken = await signIn(seeded.employer)
    const jobIdsFile = join(dataDir, 'apply-job-ids.txt')
    writeFileSync(jobIdsFile, `${seeded.apply_job_ids.join('\n')}\n`)
    const half = applyTokens.length / 2

    /** @type {Scenario} */
    const feed = { path: '/api/v1/jobs?limit=20', tokens: [feedToken], connections: 32, threads: 2 }
    /** @type {Scenario} */
    const signin = {
      method: 'POST',
      path: '/api/v1/auth/signin',
      body: JSON.stringify({ email: seeded.apply_candidates[0], password: seeded.password }),
      intervalMs: 100,
      connections: 4,
      threads: 4,
    }
    /** @type {(path: string) => Scenario} */
    const dashboard = (path) => ({ path, tokens: [employerToken], connections: DASHBOARD_CONNECTIONS, threads: 2 })
    const feedGoal = kind === 'sqlite' ? 4000 : 3000
    /** @type {Row[]} */
    const rows = []
    const want = (/** @type {string} */ name) => !ONLY || ONLY.has(name)
    // VmHWM only grows: read after each scenario, it shows which one raised the peak.
    const push = (/** @type {Row} */ row) => rows.push({ ...row, peakMb: peakRssMb(/** @type {number} */ (server?.pid)) })
    /** Warm-up, then the measured run. @param {Scenario} warm @param {Scenario} s */
    const measure = async (warm, s) => {
      await wrk(baseURL, warm, WARMUP)
      return wrk(baseURL, s, SECONDS)
    }

    if (want('feed')) {
      print(`${kind}: feed…`)
      const r = await measure(feed, feed)
      push({
        name: 'feed, `GET /api/v1/jobs?limit=20`',
        what: 'feed',
        connections: '32',
        result: r,
        goal: `≥ ${fmtInt(feedGoal)}/s, p99 ≤ 15 ms`,
        met: rps(r) >= feedGoal && r.p99_us <= 15_000 && errors(r) === 0,
      })
    }
    if (want('apply')) {
      print(`${kind}: apply…`)
      // Each connection is its own candidate, and the warm-up's candidates are not the run's,
      // so no request applies twice.
      /** @type {(tokens: string[]) => Scenario} */
      const apply = (tokens) => ({ method: 'POST', path: '/api/v1/applications', tokens, jobIdsFile, connections: 16, threads: 16 })
      const r = await measure(apply(applyTokens.slice(0, half)), apply(applyTokens.slice(half)))
      const goal = kind === 'sqlite'
      push({
        name: 'apply, `POST /api/v1/applications` (score + letter + insert)',
        what: 'apply',
        connections: '16',
        result: r,
        goal: goal ? '≥ 1,000/s, p99 ≤ 25 ms, no error' : 'p99 ≤ 25 ms, no error',
        met: (!goal || rps(r) >= 1000) && r.p99_us <= 25_000 && errors(r) === 0,
      })
      db.settle()
    }
    if (want('signin')) {
      print(`${kind}: sign-in at 40/s beside the feed…`)
      await Promise.all([wrk(baseURL, signin, WARMUP), wrk(baseURL, feed, WARMUP)])
      const [s, f] = await Promise.all([wrk(baseURL, signin, SECONDS), wrk(baseURL, feed, SECONDS)])
      push({
        name: 'sign-in, `POST /api/v1/auth/signin` (argon2id), paced',
        what: 'signin',
        connections: '4 × 10/s',
        result: s,
        goal: '40/s, p99 ≤ 80 ms',
        met: rps(s) >= 38 && s.p99_us <= 80_000 && errors(s) === 0,
      })
      push({
        name: 'feed at the same time',
        what: 'feed+signin',
        connections: '32',
        result: f,
        goal: 'p99 ≤ 20 ms',
        met: f.p99_us <= 20_000 && errors(f) === 0,
      })
    }
    if (want('dashboard')) {
      for (const [path, label] of [
        ['/api/v1/employer/jobs', 'dashboard: jobs with application counts, `GET /api/v1/employer/jobs`'],
        ['/api/v1/employer/analytics', 'dashboard: analytics, `GET /api/v1/employer/analytics`'],
        ['/api/v1/employer/recommendation', 'dashboard: recommendation, `GET /api/v1/employer/recommendation`'],
        ['/api/v1/employer/applications?limit=20', 'dashboard: applications, first page, `GET /api/v1/employer/applications?limit=20`'],
      ]) {
        print(`${kind}: ${path}…`)
        const s = dashboard(/** @type {string} */ (path))
        const r = await measure(s, s)
        push({
          name: /** @type {string} */ (label),
          what: /** @type {string} */ (path),
          connections: String(DASHBOARD_CONNECTIONS),
          result: r,
          goal: 'p99 ≤ 50 ms',
          met: r.p99_us <= 50_000 && errors(r) === 0,
        })
      }
    }
    const pid = /** @type {number} */ (server.pid)
    // taskset execs the server, so the pid is the server's either way.
    const peakMb = peakRssMb(pid)
    return { rows, peakMb, seeded }
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server?.once('exit', r))
      server.kill('SIGTERM')
      await exited
    }
    db.drop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** @param {Row} row */
function tableRow(row) {
  const r = row.result
  const met = row.met === null ? '—' : row.met ? 'met' : '**not met**'
  return (
    `| ${row.name} | ${row.connections} | ${fmtInt(Math.round(rps(r)))} | ${ms(r.p50_us)} | ${ms(r.p99_us)} | ` +
    `${fmtInt(r.requests)} | ${errors(r)} | ${row.goal} | ${met} | ${row.peakMb?.toFixed(0) ?? '?'} MB |`
  )
}

async function main() {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run "cargo build --release -p jobtap-api --bin jobtap --features bench-seed" first`)
  const { cpu, load } = machine()
  // `wrk -v` prints its version, then exits with an error status.
  const wrkVersion = spawnSync('wrk', ['-v'], { encoding: 'utf8' }).stdout.split('\n')[0]?.trim() ?? 'wrk'
  const parts = []
  /** @type {Record<string, unknown>} */
  const raw = {}
  let seededLine = ''
  for (const kind of DBS) {
    const { rows, peakMb, seeded } = await runDatabase(kind)
    raw[kind] = { rows: rows.map((r) => ({ what: r.what, rps: rps(r.result), ...r.result })), peakMb }
    seededLine =
      `${fmtInt(seeded.apply_job_ids.length + seeded.dashboard_jobs)} live jobs; the dashboard's employer has ` +
      `${fmtInt(seeded.dashboard_jobs)} of them and ${fmtInt(seeded.dashboard_applications)} applications ` +
      `(100 candidates × 200 jobs, 10 % accepted, 10 % rejected, over 60 days)`
    parts.push(
      `### ${kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`,
      '',
      '| scenario | connections | req/s | p50 ms | p99 ms | requests | errors | goal | | peak RSS after |',
      '|---|---:|---:|---:|---:|---:|---:|---|---|---:|',
      ...rows.map(tableRow),
      '',
      `Peak memory of the server (VmHWM, after every run above): **${peakMb.toFixed(1)} MB** — goal ≤ 100 MB: ` +
        `${peakMb <= 100 ? 'met' : '**not met**'}.`,
      '',
    )
  }
  const section = [
    '## API under load (wrk)',
    '',
    `Run with \`make bench\` (\`cd web && npm run bench:load\`) on ${today()}: ${cpu}, load average ${load} at the start, ` +
      `${wrkVersion.replace(/ Copyright.*/, '')}, the release build. wrk and the server share the machine's cores on ` +
      `loopback (${PIN ? 'pinned: the server on CPU 0, wrk on CPU 1, with `taskset`' : 'not pinned: both may use either core'}), ` +
      `so wrk's own CPU comes out of the server's budget. Each scenario: a ${WARMUP} s warm-up, then ${SECONDS} s measured; ` +
      'latency percentiles are wrk\'s (per request, from send to answer); "errors" counts socket errors and non-2xx answers.',
    '',
    `Data (\`jobtap bench-seed\`, direct SQL into a fresh database, see \`api/src/bench_seed.rs\`): ${seededLine}. Every ` +
      'account has a complete profile and signs in through the API. The feed reads the first page (20 jobs) with one ' +
      "candidate's token. Apply: 16 connections, each its own candidate posting the next job of the list, so no request " +
      "applies twice (the warm-up's candidates are others); each application is scored, gets its cover letter from the " +
      'built-in engine and is inserted. Sign-in: 4 connections each paced to one request per 100 ms (a LuaJIT clock in ' +
      `\`web/bench/load/scenario.lua\`), beside the feed at 32 connections. Dashboard: ${DASHBOARD_CONNECTIONS} connections of ` +
      'the employer on each route the /employer page calls. On PostgreSQL, `VACUUM ANALYZE` runs after the apply run, ' +
      'as autovacuum would within a minute of its ~30,000 inserts.',
    '',
    ...parts,
  ].join('\n')
  print(`\n${section}\n`)
  writeFileSync(join(tmpdir(), 'jobtap-load-bench.json'), JSON.stringify(raw, null, 2))
  if (!keepDocs()) writeSection('load', section.trimEnd())
}

await main()
