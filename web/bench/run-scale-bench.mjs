// @ts-check
// The board at scale: wrk on loopback against the release server over a national job board
// (`jobtap bench-seed-scale`: on PostgreSQL 1,000,000 live jobs, 200,000 candidates and
// 5,000,000 applications; on SQLite a tenth), writing the `scale` section of
// docs/benchmarks.md and, on PostgreSQL, the plan of every query each request runs to
// docs/scale-plans.md.
//
// For each database: a fresh one, seeded (timed), its size and its indexes' size read; on
// PostgreSQL, the server started once with auto_explain logging every statement's plan with
// its real times (EXPLAIN ANALYZE, BUFFERS), each scenario's request made twice and the second
// one's plans read from the server log; then the server started plainly, accounts signed in
// through the API, and each scenario run at 16 connections for a warm-up and a measured run.
//
// Environment: JOBTAP_BIN (default ../target/release/jobtap, built with `--features bench-seed`),
// SCALE_DBS (postgres,sqlite), LOAD_PG_URL (postgres://postgres@127.0.0.1:5432), SCALE_PG_LOG
// (/var/log/postgresql/postgresql-15-main.log), LOAD_SECONDS (20), LOAD_WARMUP_SECONDS (5),
// SCALE_SEED_ARGS (e.g. "--jobs 20000 --candidates 4000" for a trial), SCALE_KEEP=1 to keep the
// seeded databases and reuse them on the next run, BENCH_NO_DOCS=1 to only print.

import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fmtInt, keepDocs, machine, print, repoDir, today, writeSection } from './bench-support.mjs'
import { api, errors, ms, peakRssMb, rps, serve, signIn, wrk } from './load/harness.mjs'

const BIN = process.env.JOBTAP_BIN ?? join(repoDir, 'target', 'release', 'jobtap')
const PG_URL = process.env.LOAD_PG_URL ?? 'postgres://postgres@127.0.0.1:5432'
const PG_LOG = process.env.SCALE_PG_LOG ?? '/var/log/postgresql/postgresql-15-main.log'
const SECONDS = Number(process.env.LOAD_SECONDS ?? 20)
const WARMUP = Number(process.env.LOAD_WARMUP_SECONDS ?? 5)
const DBS = (process.env.SCALE_DBS ?? 'postgres,sqlite').split(',').filter(Boolean)
const SEED_ARGS = (process.env.SCALE_SEED_ARGS ?? '').split(' ').filter(Boolean)
const KEEP = process.env.SCALE_KEEP === '1'
const CONNECTIONS = 16
const PLANS_FILE = join(repoDir, 'docs', 'scale-plans.md')

/**
 * @typedef {import('./load/harness.mjs').WrkResult} WrkResult
 * @typedef {{ password: string, sizes: { jobs: number, candidates: number, employers: number, agency_jobs: number,
 *   big_job_applicants: number }, applications: number, candidates: string[], pharmacist: string, employer: string,
 *   big_job_id: string, seconds: [string, number][] }} Seeded
 * @typedef {{ what: string, name: string, path: string, as: 'candidates' | 'employer', goalMs: number }} Case
 */

/** The scenarios, with the issue's p99 goals on PostgreSQL. @param {Seeded} seeded @returns {Case[]} */
const cases = (seeded) => [
  { what: 'feed', name: 'feed, first page', path: '/api/v1/jobs?limit=20', as: 'candidates', goalMs: 50 },
  { what: 'keyword', name: 'keyword search "nurse"', path: '/api/v1/jobs?limit=20&q=nurse', as: 'candidates', goalMs: 50 },
  {
    what: 'filtered',
    name: '"pharmacist" in Bulawayo, $800 or more, full-time, last 30 days',
    path: '/api/v1/jobs?limit=20&q=pharmacist&place=Bulawayo&min_salary=800&job_type=Full-time&posted_within_days=30',
    as: 'candidates',
    goalMs: 50,
  },
  { what: 'best', name: 'best match, first page', path: '/api/v1/jobs?limit=20&order=best_match', as: 'candidates', goalMs: 150 },
  {
    what: 'applicants',
    name: `applicants of a job with ${fmtInt(seeded.sizes.big_job_applicants)}, best first`,
    path: `/api/v1/employer/candidates?job_id=${seeded.big_job_id}&limit=20`,
    as: 'employer',
    goalMs: 100,
  },
  {
    what: 'applicant-search',
    name: 'the same applicants searched for "moyo"',
    path: `/api/v1/employer/candidates?job_id=${seeded.big_job_id}&q=moyo&limit=20`,
    as: 'employer',
    goalMs: 100,
  },
  {
    what: 'analytics',
    name: `analytics of an employer with ${fmtInt(seeded.sizes.agency_jobs)} jobs`,
    path: '/api/v1/employer/analytics',
    as: 'employer',
    goalMs: 100,
  },
]

/** @param {string} url @param {string} sql */
const psql = (url, sql) => execFileSync('psql', [url, '-qAtc', sql], { encoding: 'utf8' }).trim()

/**
 * A database for `kind`, seeded, or the one a kept run left.
 * @param {string} kind
 */
function database(kind) {
  const stateFile = join(tmpdir(), `jobtap-scale-${kind}.json`)
  if (KEEP && existsSync(stateFile)) {
    const kept = JSON.parse(readFileSync(stateFile, 'utf8'))
    print(`${kind}: reusing the database seeded before (${kept.url})`)
    return kept
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'jobtap-scale-'))
  let url = `sqlite://${join(dataDir, 'jobtap.db')}`
  if (kind === 'postgres') {
    const name = `jobtap_scale_${process.pid}`
    psql(`${PG_URL}/postgres`, `CREATE DATABASE ${name}`)
    url = `${PG_URL}/${name}`
  }
  print(`${kind}: seeding…`)
  const started = Date.now()
  const env = { ...process.env, DATABASE_URL: url, JOBTAP_DATA_DIR: dataDir }
  const out = execFileSync(BIN, ['bench-seed-scale', ...SEED_ARGS], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
  // The server's log lines share stdout; the result is the one JSON line.
  const line = out.split('\n').findLast((l) => l.startsWith('{'))
  if (!line) throw new Error(`bench-seed-scale printed no result:\n${out}`)
  const state = { url, dataDir, seeded: JSON.parse(line), seedSeconds: (Date.now() - started) / 1000 }
  if (KEEP) writeFileSync(stateFile, JSON.stringify(state))
  return state
}

/** @param {{ url: string, dataDir: string }} state @param {string} kind */
function dropDatabase(state, kind) {
  if (KEEP) return
  if (kind === 'postgres') psql(`${PG_URL}/postgres`, `DROP DATABASE IF EXISTS ${state.url.split('/').pop()} WITH (FORCE)`)
  rmSync(state.dataDir, { recursive: true, force: true })
}

const GB = 1024 ** 3
/** @param {number} bytes */
const size = (bytes) => (bytes >= GB ? `${(bytes / GB).toFixed(2)} GB` : `${(bytes / 1024 ** 2).toFixed(0)} MB`)

/** The database's size, its indexes' size and the largest tables'. @param {string} kind @param {string} url */
function sizes(kind, url) {
  const tables = ['jobs', 'job_match_terms', 'applications', 'profiles', 'users']
  if (kind === 'postgres') {
    const total = Number(psql(url, 'SELECT pg_database_size(current_database())'))
    const rows = psql(
      url,
      `SELECT relname, pg_table_size(oid), pg_indexes_size(oid) FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace`,
    )
      .split('\n')
      .map((line) => line.split('|'))
    const indexes = rows.reduce((sum, [, , i]) => sum + Number(i), 0)
    const each = rows.filter(([name]) => tables.includes(name)).map(([name, t, i]) => ({ name, table: Number(t), indexes: Number(i) }))
    return { total, indexes, each }
  }
  const file = url.replace('sqlite://', '')
  const total = statSync(file).size + (existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0)
  // dbstat: bytes of each table and index (sqlite3 is Debian's, built with it).
  const rows = execFileSync(
    'sqlite3',
    [file, `SELECT s.name, m.type, m.tbl_name, SUM(s.pgsize) FROM dbstat s JOIN sqlite_master m ON m.name = s.name GROUP BY s.name`],
    { encoding: 'utf8' },
  )
    .trim()
    .split('\n')
    .map((line) => line.split('|'))
  const indexes = rows.filter(([, type]) => type === 'index').reduce((sum, r) => sum + Number(r[3]), 0)
  const each = tables.map((name) => ({
    name,
    table: rows.filter(([n, type]) => type === 'table' && n === name).reduce((s, r) => s + Number(r[3]), 0),
    indexes: rows.filter(([, type, tbl]) => type === 'index' && tbl === name).reduce((s, r) => s + Number(r[3]), 0),
  }))
  return { total, indexes, each }
}

/** Log entries (a line with a time stamp and its continuation lines) holding a plan. @param {string} text */
function plansIn(text) {
  const entries = []
  for (const line of text.split('\n')) {
    if (/^\d{4}-\d\d-\d\d /.test(line)) entries.push(line)
    else if (entries.length) entries[entries.length - 1] += `\n${line}`
  }
  return entries.filter((e) => e.includes('plan:')).map((e) => e.replace(/^.*?LOG:\s+/, ''))
}

/**
 * Each case's request made twice with auto_explain on; the second one's plans.
 * @param {{ url: string, dataDir: string, seeded: Seeded }} state @param {Case[]} all
 */
async function explain(state, all) {
  const name = /** @type {string} */ (state.url.split('/').pop())
  const settings = [
    "session_preload_libraries = 'auto_explain'",
    'auto_explain.log_min_duration = 0',
    'auto_explain.log_analyze = on',
    'auto_explain.log_buffers = on',
  ]
  for (const s of settings) psql(`${PG_URL}/postgres`, `ALTER DATABASE ${name} SET ${s}`)
  const served = await serve(BIN, serverEnv(state))
  try {
    const tokens = await accounts(served.baseURL, state.seeded)
    /** @type {Record<string, string[]>} */
    const plans = {}
    for (const c of all) {
      const token = c.as === 'employer' ? tokens.employer : tokens.candidates[0]
      await api(`${served.baseURL}${c.path}`, { token })
      const from = statSync(PG_LOG).size
      await api(`${served.baseURL}${c.path}`, { token })
      // The log is written by the server's backends as each statement ends; wait for it to settle.
      let to = statSync(PG_LOG).size
      for (let settled = 0; settled < 3; ) {
        await new Promise((r) => setTimeout(r, 100))
        const now = statSync(PG_LOG).size
        settled = now === to ? settled + 1 : 0
        to = now
      }
      plans[c.what] = plansIn(readFileSync(PG_LOG).subarray(from, to).toString('utf8'))
    }
    return plans
  } finally {
    await served.stop()
    psql(`${PG_URL}/postgres`, `ALTER DATABASE ${name} RESET ALL`)
  }
}

/** @param {{ url: string, dataDir: string }} state */
const serverEnv = (state) => ({
  ...process.env,
  DATABASE_URL: state.url,
  JOBTAP_DATA_DIR: state.dataDir,
  JOBTAP_WEB_DIR: state.dataDir,
  JOBTAP_DEMO: '0',
  JOBTAP_RATE_LIMIT_FACTOR: '1000000',
})

/** @param {string} baseURL @param {Seeded} seeded */
async function accounts(baseURL, seeded) {
  const candidates = []
  for (const email of seeded.candidates) candidates.push(await signIn(baseURL, email, seeded.password))
  return { candidates, employer: await signIn(baseURL, seeded.employer, seeded.password) }
}

/** @param {string} kind */
async function runDatabase(kind) {
  const state = database(kind)
  /** @type {Seeded} */
  const seeded = state.seeded
  try {
    const all = cases(seeded)
    const measured = sizes(kind, state.url)
    const plans = kind === 'postgres' ? await explain(state, all) : null
    const served = await serve(BIN, serverEnv(state))
    try {
      const tokens = await accounts(served.baseURL, seeded)
      const rows = []
      for (const c of all) {
        print(`${kind}: ${c.name}…`)
        const s = {
          path: c.path,
          tokens: c.as === 'employer' ? [tokens.employer] : tokens.candidates,
          connections: CONNECTIONS,
          threads: CONNECTIONS,
        }
        await wrk(served.baseURL, s, WARMUP)
        const result = await wrk(served.baseURL, s, SECONDS)
        rows.push({ c, result })
        print(`  p50 ${ms(result.p50_us)} ms, p99 ${ms(result.p99_us)} ms, ${Math.round(rps(result))}/s, errors ${errors(result)}`)
      }
      return { state, seeded, measured, plans, rows, peakMb: peakRssMb(/** @type {number} */ (served.server.pid)) }
    } finally {
      await served.stop()
    }
  } finally {
    dropDatabase(state, kind)
  }
}

/** @param {Awaited<ReturnType<typeof runDatabase>>} run @param {string} kind */
function report(run, kind) {
  const { seeded, measured, rows } = run
  const goals = kind === 'postgres'
  const seeding = seeded.seconds.map(([step, s]) => `${step} ${s.toFixed(0)} s`).join(', ')
  return [
    `### ${kind === 'postgres' ? 'PostgreSQL' : 'SQLite'}`,
    '',
    `Seeded: ${fmtInt(seeded.sizes.jobs)} live jobs of ${fmtInt(seeded.sizes.employers)} employers, ` +
      `${fmtInt(seeded.sizes.candidates)} candidates, ${fmtInt(seeded.applications)} applications in ` +
      `${Math.round(run.state.seedSeconds)} s (${seeding}). Database ${size(measured.total)}, of which indexes ` +
      `${size(measured.indexes)}; ${measured.each.map((t) => `${t.name} ${size(t.table)} + indexes ${size(t.indexes)}`).join(', ')}.`,
    '',
    '| scenario | request | p50 ms | p99 ms | req/s | errors | goal (p99) | |',
    '|---|---|---:|---:|---:|---:|---|---|',
    ...rows.map(({ c, result: r }) => {
      const met = goals ? (r.p99_us <= c.goalMs * 1000 && errors(r) === 0 ? 'met' : '**not met**') : '—'
      const path = c.path.replace(seeded.big_job_id, '{job}')
      return `| ${c.name} | \`${path}\` | ${ms(r.p50_us)} | ${ms(r.p99_us)} | ${fmtInt(Math.round(rps(r)))} | ${errors(r)} | ${goals ? `≤ ${c.goalMs} ms` : '—'} | ${met} |`
    }),
    '',
    `Peak memory of the server (VmHWM): ${run.peakMb.toFixed(0)} MB.`,
    '',
  ]
}

async function main() {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run "cargo build --release -p jobtap-api --bin jobtap --features bench-seed" first`)
  const { cpu, load } = machine()
  const parts = []
  const planParts = []
  for (const kind of DBS) {
    const run = await runDatabase(kind)
    parts.push(...report(run, kind))
    if (run.plans) {
      for (const c of cases(run.seeded)) {
        planParts.push(`## ${c.name}`, '', `\`GET ${c.path.replace(run.seeded.big_job_id, '{job}')}\``, '')
        for (const plan of run.plans[c.what] ?? []) planParts.push('```', plan.trimEnd(), '```', '')
      }
    }
  }
  const section = [
    '## The board at scale (wrk)',
    '',
    `Run with \`cd web && npm run bench:scale\` on ${today()}: ${cpu}, load average ${load} at the start, the release build ` +
      `(\`--features bench-seed\`), PostgreSQL ${psql(`${PG_URL}/postgres`, 'SHOW server_version')} as Debian configures it ` +
      `(shared_buffers ${psql(`${PG_URL}/postgres`, 'SHOW shared_buffers')}). The data: \`jobtap bench-seed-scale\` ` +
      '(`api/src/bench_seed/scale/`): jobs vary the fixtures\' 86 occupations by seniority, employer, town, pay and day ' +
      '(the last 90 days), each employer hiring in one field; candidates vary the fixtures\' 52 people (their resumes read ' +
      'by core, their one or two typed skills) and apply to jobs of their own occupation, 25 each. One agency has ' +
      `${fmtInt(500)} jobs, the first with the applicants named below. ${CONNECTIONS} connections, each its own candidate ` +
      `(the employer's routes: the agency), wrk and the server sharing the 2 cores; a ${WARMUP} s warm-up, then ` +
      `${SECONDS} s measured. The plan of every statement of each request, with its real times: \`docs/scale-plans.md\`.`,
    '',
    ...parts,
  ].join('\n')
  print(`\n${section}\n`)
  if (!keepDocs()) {
    writeSection('scale', section.trimEnd())
    if (planParts.length) {
      const head = [
        '# Query plans at scale',
        '',
        `Written by \`cd web && npm run bench:scale\` on ${today()} (see docs/benchmarks.md, "The board at scale"): each ` +
          'request was made twice with `auto_explain` on (`log_analyze`, `log_buffers`); these are the plans of the ' +
          'second, in the order the statements ran, with their real times.',
        '',
      ]
      writeFileSync(PLANS_FILE, [...head, ...planParts].join('\n'))
    }
  }
}

await main()
