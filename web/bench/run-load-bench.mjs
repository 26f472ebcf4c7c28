// @ts-check
// The API under load: wrk on loopback against the release server, on SQLite and on
// PostgreSQL, writing the `load` section of docs/benchmarks.md.
//
// For each database: a fresh one (a SQLite file in a temp folder; a new database on
// postgres://postgres@127.0.0.1:5432), filled by the hidden `jobtap bench-seed` command (in a
// release build with `--features bench-seed`, as `make bench` makes; direct SQL, see
// api/src/bench_seed/mod.rs), then `jobtap serve` with demo content off and the auth rate limits
// raised, accounts signed in through the real API, and each scenario run for a 5 s warm-up and a
// 20 s measured run of wrk (web/bench/load/scenario.lua). The server's peak RSS (VmHWM) is read
// after the runs.
//
// Environment: JOBTAP_BIN (default ../target/release/jobtap), LOAD_DBS (sqlite,postgres),
// LOAD_PG_URL (postgres://postgres@127.0.0.1:5432), LOAD_SECONDS (20), LOAD_WARMUP_SECONDS (5),
// LOAD_PIN=1 to pin the server to CPU 0 and wrk to CPU 1 with taskset, LOAD_ONLY=feed,apply,…
// to run some scenarios, BENCH_NO_DOCS=1 to only print.

import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fmtInt, keepDocs, machine, print, repoDir, today, writeSection } from './bench-support.mjs'
import { PIN, errors, ms, peakRssMb, rps, serve, signIn as signInAs, wrk } from './load/harness.mjs'

const BIN = process.env.JOBTAP_BIN ?? join(repoDir, 'target', 'release', 'jobtap')
const PG_URL = process.env.LOAD_PG_URL ?? 'postgres://postgres@127.0.0.1:5432'
const SECONDS = Number(process.env.LOAD_SECONDS ?? 20)
const WARMUP = Number(process.env.LOAD_WARMUP_SECONDS ?? 5)
const DBS = (process.env.LOAD_DBS ?? 'sqlite,postgres').split(',').filter(Boolean)
const ONLY = process.env.LOAD_ONLY ? new Set(process.env.LOAD_ONLY.split(',')) : null
/** Connections of the dashboard scenarios: a few employers refreshing at once, not a crowd. */
const DASHBOARD_CONNECTIONS = 4

/**
 * @typedef {import('./load/harness.mjs').WrkResult} WrkResult
 * @typedef {import('./load/harness.mjs').Scenario} Scenario
 * @typedef {{ name: string, what: string, connections: string, result: WrkResult, goal: string, met: boolean | null,
 *   peakMb?: number }} Row
 */

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
    const served = await serve(BIN, env)
    server = served.server
    const baseURL = served.baseURL
    const signIn = (/** @type {string} */ email) => signInAs(baseURL, email, seeded.password)
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
    `Data (\`jobtap bench-seed\`, direct SQL into a fresh database, see \`api/src/bench_seed/mod.rs\`): ${seededLine}. Every ` +
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
