import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from '@playwright/test'

// End-to-end tests run against the real Rust server (`jobtap serve`), which
// serves web/dist and the API. Playwright evaluates this file in the runner
// and in every worker, so the port and data folder are chosen once and handed
// down through the environment.

const webDir = dirname(fileURLToPath(import.meta.url))
// JOBTAP_E2E_DIST lets several checkouts' builds be tested side by side.
const distDir = process.env.JOBTAP_E2E_DIST ?? join(webDir, 'dist')
// The scripts keep cargo's output outside the clone (scripts/cache-env.sh) and say where in CARGO_TARGET_DIR.
const targetDir = process.env.CARGO_TARGET_DIR ?? resolve(webDir, '..', 'target')
const serverBin = process.env.JOBTAP_BIN ?? join(targetDir, 'debug', 'jobtap')

/** Whether nothing listens on `port` at 127.0.0.1 (checked in a child, since config loading is synchronous). */
function isPortFree(port: number): boolean {
  const probe = `const s=require('net').createServer();s.once('error',()=>process.exit(1));s.listen(${port},'127.0.0.1',()=>s.close(()=>process.exit(0)))`
  try {
    execFileSync(process.execPath, ['-e', probe], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/** A random free port between 20000 and 60000. */
function pickPort(): number {
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = 20000 + Math.floor(Math.random() * 40000)
    if (isPortFree(port)) return port
  }
  throw new Error('No free port found for the e2e server')
}

/** A fresh data folder for the server, removed when the runner exits (after the server has stopped). */
function createDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'jobtap-e2e-'))
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }))
  return dir
}

// Only the runner picks these; workers find them in the environment they inherit.
const port = (process.env.JOBTAP_E2E_PORT ??= String(pickPort()))
const dataDir = (process.env.JOBTAP_E2E_DATA_DIR ??= createDataDir())
const baseURL = `http://127.0.0.1:${port}`

if (!existsSync(join(distDir, 'index.html'))) {
  throw new Error(`${distDir}/index.html is missing: run "npm run build" before "npm run e2e"`)
}

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: true,
  workers: 2,
  retries: 0,
  reporter: 'list',
  // The suite shares one server. A spec that asserts a person's Best match across every live
  // job runs first, alone, so jobs other specs post for people of the same field (a search for
  // pharmacists) cannot outrank its own.
  projects: [
    { name: 'ranking', testMatch: /matching-resume\.spec\.ts/ },
    { name: 'everything else', testIgnore: /matching-resume\.spec\.ts/, dependencies: ['ranking'] },
  ],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `"${serverBin}" serve`,
    url: `${baseURL}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      JOBTAP_ADDR: `127.0.0.1:${port}`,
      JOBTAP_DATA_DIR: dataDir,
      JOBTAP_WEB_DIR: distDir,
      JOBTAP_DEMO: '1',
      // Links in the e-mails the server writes to its outbox folder point here.
      JOBTAP_PUBLIC_URL: baseURL,
      // Every test signs up fresh accounts from one address: lift the auth rate limits.
      JOBTAP_RATE_LIMIT_FACTOR: '100',
    },
  },
})
