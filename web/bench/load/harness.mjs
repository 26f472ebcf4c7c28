// @ts-check
// What the API benchmarks share (run-load-bench.mjs, run-scale-bench.mjs): the server started
// and awaited, wrk run with web/bench/load/scenario.lua, the API called, and the server's peak
// memory.

import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort, waitForHealth } from '../bench-support.mjs'

const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), 'scenario.lua')
/** LOAD_PIN=1 pins the server to CPU 0 and wrk to CPU 1 with taskset. */
export const PIN = process.env.LOAD_PIN === '1'

/**
 * @typedef {{ requests: number, duration_us: number, bytes: number, p50_us: number, p90_us: number,
 *   p99_us: number, max_us: number, mean_us: number, socket_errors: number, non2xx: number }} WrkResult
 * @typedef {{ method?: string, path: string, tokens?: string[], body?: string, jobIdsFile?: string,
 *   intervalMs?: number, connections: number, threads: number }} Scenario
 */

/** `command` with `args`, pinned to `cpu` when LOAD_PIN=1. @param {string} command @param {string[]} args @param {number} cpu */
export const pinned = (command, args, cpu) => (PIN ? ['taskset', ['-c', String(cpu), command, ...args]] : [command, args])

/**
 * Runs wrk for `seconds` and reads the line the script's done() prints.
 * @param {string} baseURL @param {Scenario} s @param {number} seconds
 * @returns {Promise<WrkResult>}
 */
export function wrk(baseURL, s, seconds) {
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
export const rps = (r) => r.requests / (r.duration_us / 1e6)
/** @param {number} us */
export const ms = (us) => (us / 1000 >= 10 ? (us / 1000).toFixed(1) : (us / 1000).toFixed(2))
/** @param {WrkResult} r */
export const errors = (r) => r.socket_errors + r.non2xx

/** @param {string} url @param {RequestInit & { json?: unknown, token?: string }} init */
export async function api(url, { json, token, ...init } = {}) {
  const headers = /** @type {Record<string, string>} */ ({ 'content-type': 'application/json' })
  if (token) headers.authorization = `Bearer ${token}`
  const response = await fetch(url, { ...init, headers, body: json === undefined ? undefined : JSON.stringify(json) })
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`)
  return response.json()
}

/** @param {number} pid */
export function peakRssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? NaN)
  return kb / 1024
}

/**
 * `jobtap serve` of `bin` with `env` on a free port (pinned to CPU 0 when LOAD_PIN=1), once it
 * answers; `stop()` ends it.
 * @param {string} bin @param {NodeJS.ProcessEnv} env
 */
export async function serve(bin, env) {
  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  const [command, args] = pinned(bin, ['serve'], 0)
  const server = spawn(/** @type {string} */ (command), /** @type {string[]} */ (args), {
    env: { ...env, JOBTAP_ADDR: `127.0.0.1:${port}` },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  await waitForHealth(baseURL, server)
  const stop = async () => {
    if (server.exitCode !== null) return
    const exited = new Promise((r) => server.once('exit', r))
    server.kill('SIGTERM')
    await exited
  }
  return { baseURL, server, stop }
}

/** An access token of `email` signed in through the API. @param {string} baseURL @param {string} email @param {string} password */
export async function signIn(baseURL, email, password) {
  const body = /** @type {{ access_token: string }} */ (
    await api(`${baseURL}/api/v1/auth/signin`, { method: 'POST', json: { email, password } })
  )
  return body.access_token
}
