import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { signedInEmployer, toast } from './support/accounts.ts'
import { postJob, showCard, signedInCandidate, uniqueTitle } from './support/feed.ts'

// The installable app offline: the service worker serves the app shell, its
// chunks and the wasm; the saved query cache shows the last loaded jobs and applications,
// read-only; the PDF, the QR code and the CSV preview are made on the device.

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures')
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const OFFLINE_BANNER = "You're offline — showing saved data. Changes need a connection."

/** Waits until the service worker is active (it has precached the app) for this page. */
async function serviceWorkerReady(page: Page) {
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)
  expect(new URL(scope).pathname).toBe('/')
}

/**
 * Takes the context offline and records every API request that got an answer from
 * then on: offline, none may (they are refused before they leave the browser).
 */
function goOffline(context: BrowserContext) {
  const answered: string[] = []
  context.on('requestfinished', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) answered.push(`${request.method()} ${request.url()}`)
  })
  return context.setOffline(true).then(() => answered)
}

/** The user's saved query cache in localStorage, as text ('' while none is saved). */
function savedCache(page: Page, userId: string) {
  return page.evaluate((key) => localStorage.getItem(key) ?? '', `jobtap.query-cache.${userId}`)
}

/** The keys of the queries in the user's saved cache, each as JSON. */
async function savedKeys(page: Page, userId: string): Promise<string[]> {
  const text = await savedCache(page, userId)
  if (text === '') return []
  const saved = JSON.parse(text) as { clientState: { queries: Array<{ queryKey: unknown }> } }
  return saved.clientState.queries.map((q) => JSON.stringify(q.queryKey))
}

test('the manifest and the service worker are served so that the app installs and updates', async ({ page, request }) => {
  const manifest = await request.get('/manifest.webmanifest')
  expect(manifest.status()).toBe(200)
  expect(manifest.headers()['cache-control']).toBe('no-cache')
  expect(manifest.headers()['content-type']).toBe('application/manifest+json')
  const body = await manifest.json()
  expect(body).toMatchObject({ name: 'JobTap', short_name: 'JobTap', start_url: '/jobs', display: 'standalone' })
  const sizes = (body.icons as Array<{ sizes: string; purpose?: string; src: string }>).map((i) => `${i.sizes} ${i.purpose ?? 'any'}`)
  expect(sizes).toEqual(['192x192 any', '512x512 any', '512x512 maskable'])
  for (const icon of body.icons as Array<{ src: string }>) {
    const png = await request.get(icon.src)
    expect(png.headers()['content-type']).toBe('image/png')
    expect([...(await png.body()).subarray(0, 8)]).toEqual(PNG_SIGNATURE)
  }

  // The worker script is checked for updates on every visit: never cached as immutable.
  const worker = await request.get('/sw.js')
  expect(worker.status()).toBe(200)
  expect(worker.headers()['cache-control']).toBe('no-cache')
  const script = await worker.text()
  expect(script).toMatch(/assets\/jobtap_wasm_bg-[\w-]+\.wasm/)

  await page.goto('/')
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest')
  await serviceWorkerReady(page)
})

test('offline, a signed-in candidate still sees the saved jobs and applications, read-only, and makes a PDF and a QR code', async ({
  page,
  context,
  request,
}) => {
  // Some thirty steps: ~25 s alone, up to three times that beside the other workers on two cores.
  test.setTimeout(150_000)
  const candidate = await signedInCandidate(page, request)
  const userId = String(candidate.body.user.id)
  const title = uniqueTitle('Offline Data Analyst')
  const jobId = await postJob(request, { job_title: title, skills: ['SQL', 'Python'], minimum_score_threshold: 20 })
  const otherId = await postJob(request, { job_title: uniqueTitle('Offline Data Engineer'), skills: ['SQL'], minimum_score_threshold: 20 })

  // Online: the feed, one application, My Applications, an upgraded resume and a QR code.
  await page.goto('/jobs')
  await serviceWorkerReady(page)
  await showCard(page, jobId)
  await page.getByRole('button', { name: 'Apply to job' }).click()
  await page.getByRole('dialog', { name: 'Choose Application Method' }).getByRole('button', { name: 'Apply with JobTap' }).click()
  await expect(toast(page, 'Application successfully submitted!')).toBeVisible()

  await page.getByRole('navigation', { name: 'Candidate' }).getByRole('button', { name: 'Upgrade Resume' }).click()
  let upgradeDialog = page.getByRole('dialog', { name: 'Upgrade Your Resume' })
  await expect(upgradeDialog).toBeVisible()
  await upgradeDialog.getByLabel('Resume file').setInputFiles(join(fixtures, 'resumes', 'repeated-bullets.txt'))
  await upgradeDialog.getByRole('button', { name: 'Analyze Resume' }).click()
  await upgradeDialog.getByRole('button', { name: 'Upgrade Resume' }).click()
  await expect(toast(page, 'Resume upgraded to ATS standard!')).toBeVisible()
  await upgradeDialog.getByRole('button', { name: 'Close' }).click()

  await page.goto('/applications')
  const application = page.getByRole('article').filter({ hasText: title })
  await expect(application).toBeVisible()
  await expect(application.getByRole('button', { name: 'Delete Application' })).toBeEnabled()

  await page.goto('/documents')
  await page.getByRole('button', { name: 'QR code for strong-developer.pdf' }).click()
  let qrDialog = page.getByRole('dialog', { name: 'Resume QR Code' })
  const sharedUrl = await qrDialog.getByRole('textbox', { name: 'Share link' }).inputValue()
  expect(sharedUrl).toMatch(/\/api\/v1\/share\/[^/]+$/)
  await qrDialog.getByRole('button', { name: 'Close' }).click()

  // Everything above is saved (the writes are batched for a second, and flushed when a page is left).
  await expect
    .poll(() => savedKeys(page, userId), { timeout: 10_000 })
    .toEqual(
      expect.arrayContaining([
        '["feed","jobs","newest",""]',
        '["applications","mine"]',
        '["profile","me"]',
        '["documents","mine"]',
        '["resume","last-upgrade"]',
        expect.stringMatching(/^\["documents","qr-link",/),
      ]),
    )
  expect(await savedCache(page, userId)).toContain(sharedUrl)

  const answeredOffline = await goOffline(context)

  // The app opens from the service worker, with the saved feed: a job not applied to is
  // there, applying is off.
  await page.goto('/jobs')
  await expect(page.getByText(OFFLINE_BANNER)).toBeVisible()
  await showCard(page, otherId)
  await expect(page.getByRole('button', { name: 'Apply to job' })).toBeDisabled()
  await page.keyboard.press('Enter')
  await expect(toast(page, "You're offline — applying needs a connection")).toBeVisible()

  // The last upgraded resume as a PDF, made by the core on this device.
  await page.getByRole('navigation', { name: 'Candidate' }).getByRole('button', { name: 'Upgrade Resume' }).click()
  upgradeDialog = page.getByRole('dialog', { name: 'Upgrade Your Resume' })
  await expect(upgradeDialog.getByRole('note')).toContainText("You're offline")
  await expect(upgradeDialog.getByRole('button', { name: 'Save to Documents' })).toBeDisabled()
  const pdfDownload = page.waitForEvent('download')
  await upgradeDialog.getByRole('button', { name: 'Download PDF' }).click()
  const pdf = readFileSync(await (await pdfDownload).path())
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  expect(pdf.toString('latin1')).toContain('ATS-Optimized Resume')
  await upgradeDialog.getByRole('button', { name: 'Close' }).click()

  // My Applications, after a reload with an expired access token: the refresh fails (no network),
  // which is not a sign-out; the saved list shows, with Delete switched off.
  await page.goto('/applications')
  await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('jobtap.session') ?? '{}')
    localStorage.setItem('jobtap.session', JSON.stringify({ ...stored, expiresAt: Math.floor(Date.now() / 1000) - 60 }))
  })
  await page.reload()
  await expect(page.getByText(OFFLINE_BANNER)).toBeVisible()
  await expect(application).toBeVisible()
  await expect(application.getByRole('button', { name: 'Delete Application' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('jobtap.session'))).toContain(userId)

  // The QR code of the link made online, drawn again offline; uploads and deletes are off.
  await page.goto('/documents')
  await expect(page.getByRole('button', { name: 'Upload' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Delete strong-developer.pdf' })).toBeDisabled()
  await page.getByRole('button', { name: 'QR code for strong-developer.pdf' }).click()
  qrDialog = page.getByRole('dialog', { name: 'Resume QR Code' })
  const image = qrDialog.getByRole('img', { name: 'QR code linking to strong-developer.pdf' })
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBe(300)
  await expect(qrDialog.getByRole('textbox', { name: 'Share link' })).toHaveValue(sharedUrl)
  await expect(qrDialog.getByRole('note')).toContainText('last link made on this device')
  await expect(qrDialog.getByRole('button', { name: 'Revoke link' })).toBeDisabled()
  const qrDownload = page.waitForEvent('download')
  await qrDialog.getByRole('button', { name: 'Download QR' }).click()
  expect([...readFileSync(await (await qrDownload).path()).subarray(0, 8)]).toEqual(PNG_SIGNATURE)

  expect(answeredOffline).toEqual([])

  // Back online the banner goes and changes are allowed again.
  await context.setOffline(false)
  await expect(page.getByText(OFFLINE_BANNER)).toHaveCount(0)
})

test('offline, an employer still previews a CSV of jobs (parsed by the core in its worker)', async ({ page, context, request }) => {
  await signedInEmployer(page, request)
  await page.goto('/employer/bulk-import')
  await serviceWorkerReady(page)

  const answeredOffline = await goOffline(context)
  await page.reload()
  await expect(page.getByText(OFFLINE_BANNER)).toBeVisible()
  await page.getByLabel('Choose CSV file').setInputFiles(join(fixtures, 'csv', 'row-errors.csv'))
  await expect(toast(page, 'Parsed 2 valid jobs and 9 invalid jobs. Please review.')).toBeVisible()
  await expect(page.getByRole('term')).toHaveText(['Valid jobs', 'Invalid jobs', 'Total rows'])
  await expect(page.getByRole('definition')).toHaveText(['2', '9', '11'])
  await expect(
    page.getByRole('region', { name: 'CSV preview' }).getByRole('row').filter({ has: page.getByRole('cell') }),
  ).toHaveCount(11)
  // Importing needs the server.
  await expect(page.getByRole('button', { name: 'Import Valid Jobs' })).toBeDisabled()
  expect(answeredOffline).toEqual([])
})

test('signing out removes the saved data, so the next person on this computer sees none of it', async ({ page, request }) => {
  const candidate = await signedInCandidate(page, request)
  const userId = String(candidate.body.user.id)
  await page.goto('/applications')
  await expect.poll(() => savedCache(page, userId), { timeout: 10_000 }).toContain('"applications"')

  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL('/')
  await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('jobtap.query-cache.')))).toEqual([])
})
