import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { createCandidate, signedInEmployer, toast } from './support/accounts.ts'

// Bulk CSV import (spec, employer §2 "Bulk import", §4, §5, §8, §9) against the real server:
// the preview is parsed by the core in its worker, the server parses the uploaded file again.

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'csv')
const fixture = (name: string) => join(fixtures, name)

const TEMPLATE_HEADER =
  'company_name,job_title,job_description,location,job_type,salary_min,salary_max,experience_years,' +
  'qualifications,skills,requirements,benefits,degree_class,industry,experience_level,linkedin_url,company_logo'

/** Every job id a candidate's feed lists (all pages). */
async function feedJobIds(request: APIRequestContext, token: string): Promise<Set<string>> {
  const ids = new Set<string>()
  let cursor: string | null = null
  for (let page = 0; page < 100; page++) {
    const query: string = cursor === null ? 'limit=50' : `limit=50&cursor=${encodeURIComponent(cursor)}`
    const response = await request.get(`/api/v1/jobs?${query}`, { headers: { Authorization: `Bearer ${token}` } })
    expect(response.status()).toBe(200)
    const body = (await response.json()) as { jobs: Array<{ id: string }>; next_cursor: string | null }
    for (const job of body.jobs) ids.add(job.id)
    cursor = body.next_cursor
    if (cursor === null) break
  }
  return ids
}

/** The preview table's body rows. */
function bodyRows(page: Page) {
  return page.getByRole('region', { name: 'CSV preview' }).getByRole('row').filter({ has: page.getByRole('cell') })
}

test('the template downloads with the 17 columns of the spec', async ({ page, request }) => {
  await signedInEmployer(page, request)
  await page.goto('/employer')
  await page.getByRole('navigation', { name: 'Employer' }).getByRole('link', { name: 'Bulk Import' }).click()
  await expect(page).toHaveURL('/employer/bulk-import')
  await expect(page.getByRole('heading', { level: 1, name: 'Bulk Import' })).toBeVisible()

  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download Template' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('job_import_template.csv')
  const text = readFileSync(await download.path(), 'utf8')
  expect(text.split(/\r?\n/)[0]).toBe(TEMPLATE_HEADER)
})

test('preview valid and invalid rows, filter the invalid ones, import; the jobs reach the dashboard and the feed', async ({
  page,
  request,
}) => {
  await signedInEmployer(page, request)
  await page.goto('/employer/bulk-import')
  await page.getByLabel('Choose CSV file').setInputFiles(fixture('row-errors.csv'))

  await expect(toast(page, 'Parsed 2 valid jobs and 9 invalid jobs. Please review.')).toBeVisible()
  const counts = page.getByRole('term')
  await expect(counts).toHaveText(['Valid jobs', 'Invalid jobs', 'Total rows'])
  await expect(page.getByRole('definition')).toHaveText(['2', '9', '11'])

  const headers = page.getByRole('region', { name: 'CSV preview' }).getByRole('columnheader')
  await expect(headers).toHaveText(['Status', 'Company', 'Job Title', 'Location', 'Type', 'Salary', 'Errors'])
  await expect(bodyRows(page)).toHaveCount(11)
  const first = bodyRows(page).first()
  await expect(first.getByRole('cell')).toHaveText([
    'Valid',
    'Zuva Analytics',
    'Data Analyst',
    'Harare',
    'Full-time',
    '900 - 1400',
    '',
  ])
  const rowNine = bodyRows(page).filter({ hasText: 'Row 9:' })
  await expect(rowNine.getByRole('listitem')).toHaveText([
    'Row 9: Company name is required',
    'Row 9: Job type must be one of: Full-time, Part-time, Contract, Remote',
  ])
  await expect(rowNine.getByRole('cell').first()).toHaveText('Invalid')
  await expect(page.getByText('Row 4: Job title is required', { exact: true })).toBeVisible()
  // The preview box is the spec's 500 px.
  const box = await page.getByRole('region', { name: 'CSV preview' }).boundingBox()
  expect(box?.height).toBe(500)

  await page.getByLabel('Show invalid rows only').check()
  await expect(bodyRows(page)).toHaveCount(9)
  await expect(bodyRows(page).filter({ hasText: 'Zuva Analytics' })).toHaveCount(0)
  await expect(bodyRows(page).getByRole('cell', { name: 'Valid', exact: true })).toHaveCount(0)
  await page.getByLabel('Show invalid rows only').uncheck()
  await expect(bodyRows(page)).toHaveCount(11)

  const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/employer/jobs/import'))
  await page.getByRole('button', { name: 'Import Valid Jobs' }).click()
  const response = await answered
  expect(response.status()).toBe(201)
  expect(response.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/)
  const result = (await response.json()) as { imported: number; jobIds: string[]; invalidCount: number }
  expect(result.imported).toBe(2)
  expect(result.invalidCount).toBe(9)

  await expect(toast(page, 'Successfully imported 2 jobs!')).toBeVisible()
  await expect(page).toHaveURL('/employer')
  await expect(page.getByRole('heading', { name: 'Data Analyst' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Technical Writer' })).toBeVisible()

  const candidate = await createCandidate(request)
  const signIn = await request.post('/api/v1/auth/signin', {
    data: { email: candidate.email, password: candidate.password },
  })
  expect(signIn.status()).toBe(200)
  const { access_token: candidateToken } = (await signIn.json()) as { access_token: string }
  const feed = await feedJobIds(request, candidateToken)
  for (const id of result.jobIds) expect(feed.has(id)).toBe(true)
})

test('the same jobs chosen again, as another program\'s export, are marked in the preview; one ticked is posted again', async ({
  page,
  request,
}) => {
  const token = await signedInEmployer(page, request)
  const jobsNow = async () => {
    const response = await request.get('/api/v1/employer/jobs', { headers: { Authorization: `Bearer ${token}` } })
    return ((await response.json()) as { jobs: unknown[] }).jobs.length
  }
  await page.goto('/employer/bulk-import')
  await page.getByLabel('Choose CSV file').setInputFiles(fixture('real-world/excel-unicode-text.csv'))
  await expect(page.getByRole('definition').first()).toHaveText('4')
  // A first import: nothing of it is live yet, so nothing is marked.
  await expect(page.getByRole('region', { name: 'Already posted' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Import Valid Jobs' }).click()
  await expect(toast(page, 'Successfully imported 4 jobs!')).toBeVisible()
  await expect(page).toHaveURL('/employer')
  expect(await jobsNow()).toBe(4)

  // The same jobs as Excel's semicolon export in Windows-1252.
  await page.goto('/employer/bulk-import')
  await page.getByLabel('Choose CSV file').setInputFiles(fixture('real-world/excel-semicolon-windows-1252.csv'))
  const marked = page.getByRole('region', { name: 'Already posted' })
  await expect(marked).toContainText('4 rows match jobs you have live')
  await expect(marked.getByRole('checkbox')).toHaveCount(4)
  await marked.getByRole('checkbox', { name: /Staff Nurse/ }).check()

  const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/employer/jobs/import'))
  await page.getByRole('button', { name: 'Import Valid Jobs' }).click()
  const result = (await (await answered).json()) as { imported: number; alreadyPosted: unknown[] }
  expect(result.imported).toBe(1)
  expect(result.alreadyPosted).toHaveLength(3)
  await expect(page.getByRole('region', { name: 'Already posted' })).toContainText('3 already posted: skipped')
  expect(await jobsNow()).toBe(5)
})

test('a file with no valid job is previewed but not imported', async ({ page, request }) => {
  await signedInEmployer(page, request)
  await page.goto('/employer/bulk-import')
  const imports: string[] = []
  page.on('request', (r) => {
    if (r.url().endsWith('/jobs/import')) imports.push(r.url())
  })
  await page.getByLabel('Choose CSV file').setInputFiles(fixture('missing-required-columns.csv'))
  await expect(toast(page, 'Parsed 0 valid jobs and 3 invalid jobs. Please review.')).toBeVisible()
  await expect(page.getByText('Row 2: Job type is required', { exact: true })).toBeVisible()

  await page.getByRole('button', { name: 'Import Valid Jobs' }).click()
  await expect(toast(page, 'No valid jobs to import')).toBeVisible()
  await expect(page).toHaveURL('/employer/bulk-import')
  expect(imports).toEqual([])
})

test('files that are not importable CSV are refused with the spec messages', async ({ page, request }) => {
  await signedInEmployer(page, request)
  await page.goto('/employer/bulk-import')
  const input = page.getByLabel('Choose CSV file')

  await input.setInputFiles(fixture('not-a-csv.txt'))
  await expect(toast(page, 'Please upload a CSV file')).toBeVisible()
  await input.setInputFiles(fixture('header-only.csv'))
  await expect(toast(page, 'CSV file must contain headers and at least one job')).toBeVisible()
  await input.setInputFiles(fixture('binary-garbage.csv'))
  await expect(toast(page, 'Failed to parse CSV file. Please check the format.')).toBeVisible()
  await expect(page.getByRole('region', { name: 'CSV preview' })).toHaveCount(0)

  // A good file afterwards previews normally.
  await input.setInputFiles(fixture('quoted-commas.csv'))
  await expect(toast(page, 'Successfully parsed 3 jobs!')).toBeVisible()
  await expect(bodyRows(page).filter({ hasText: 'Moyo, Dube & Partners' })).toContainText('Bulawayo, Zimbabwe')
  await expect(page.getByLabel('Show invalid rows only')).toBeDisabled()
})

test('a large file shows its first rows while it is parsed, then the whole preview', async ({ page, request }) => {
  await signedInEmployer(page, request)
  // Records each state the preview card passes through, as the page shows it.
  await page.addInitScript(() => {
    const seen: string[] = []
    Object.assign(window, { previewStates: seen })
    new MutationObserver(() => {
      const state = document.querySelector('[role="status"]')
        ? 'head'
        : document.querySelector('dl')
          ? 'final'
          : null
      if (state !== null && seen.at(-1) !== state && document.querySelector('tbody tr')) seen.push(state)
    }).observe(document, { childList: true, subtree: true })
  })
  // The whole file is asked of the worker only once a frame with the head's rows has been
  // drawn: the worker's two answers can never reach a busy page together and be drawn as one
  // (seen in CI before), and the whole file's parse does not share the cores with that frame.
  // Counts the page's frames, and notes the frame in which the first row entered the page and
  // the one in which comlink's call for the whole file left it.
  await page.addInitScript(() => {
    const seen = { frames: 0, rowsAt: -1, wholeFileAt: [] as number[] }
    Object.assign(window, { framesSeen: seen })
    const count = () => {
      seen.frames++
      requestAnimationFrame(count)
    }
    requestAnimationFrame(count)
    new MutationObserver(() => {
      if (seen.rowsAt === -1 && document.querySelector('tbody tr')) seen.rowsAt = seen.frames
    }).observe(document, { childList: true, subtree: true })
    const post = Worker.prototype.postMessage
    Worker.prototype.postMessage = function (this: Worker, ...args: Parameters<Worker['postMessage']>) {
      const message = args[0] as { type?: string; path?: string[] } | null
      if (message?.type === 'APPLY' && message.path?.at(-1) === 'previewImportFile') seen.wholeFileAt.push(seen.frames)
      return post.apply(this, args as Parameters<typeof post>)
    } as Worker['postMessage']
  })
  await page.goto('/employer/bulk-import')
  const header = 'company_name,job_title,job_description,location,job_type,salary_min,salary_max\n'
  const rows = Array.from({ length: 40_000 }, (_, i) =>
    i % 25 === 7
      ? `Kudu Logistics,Dispatcher,"Plans routes,\nby hand",Mutare,Internship,900,1400\n`
      : `Kudu Logistics,Dispatcher,"Plans routes,\nby hand",Mutare,Full-time,900,1400\n`,
  )
  await page.getByLabel('Choose CSV file').setInputFiles({
    name: 'large.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(header + rows.join('')),
  })

  await expect(toast(page, 'Parsed 38400 valid jobs and 1600 invalid jobs. Please review.')).toBeVisible()
  await expect(page.getByRole('definition')).toHaveText(['38,400', '1,600', '40,000'])
  await expect(bodyRows(page).first().getByRole('cell')).toHaveText([
    'Valid',
    'Kudu Logistics',
    'Dispatcher',
    'Mutare',
    'Full-time',
    '900 - 1400',
    '',
  ])
  // The head's rows came first, marked as not final, and the whole file's preview replaced them.
  expect(await page.evaluate(() => (window as unknown as { previewStates: string[] }).previewStates)).toEqual([
    'head',
    'final',
  ])
  const frames = await page.evaluate(
    () => (window as unknown as { framesSeen: { rowsAt: number; wholeFileAt: number[] } }).framesSeen,
  )
  expect(frames.rowsAt).toBeGreaterThanOrEqual(0)
  expect(frames.wholeFileAt).toHaveLength(1)
  expect(frames.wholeFileAt[0], JSON.stringify(frames)).toBeGreaterThan(frames.rowsAt)
  await expect(page.getByRole('status')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Import Valid Jobs' })).toBeEnabled()
  // Over one import's 10,000 rows: previewed, but the import is blocked with a note.
  await expect(page.getByRole('note')).toContainText('One import takes at most 10,000 jobs')
})

test('a signed-out visitor is not redirected and is asked to sign in (spec §6)', async ({ page }) => {
  await page.goto('/employer/bulk-import')
  await expect(page.getByRole('heading', { level: 1, name: 'Bulk Import' })).toBeVisible()
  await expect(page).toHaveURL('/employer/bulk-import')
  await expect(page.getByRole('heading', { name: 'Sign in to import jobs' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Sign in as an employer' })).toHaveAttribute('href', '/employer/auth')
  await expect(page.getByLabel('Choose CSV file')).toHaveCount(0)
})

test('the server refuses an import from a candidate', async ({ request }) => {
  const candidate = await createCandidate(request)
  const signIn = await request.post('/api/v1/auth/signin', {
    data: { email: candidate.email, password: candidate.password },
  })
  const { access_token: token } = (await signIn.json()) as { access_token: string }
  const response = await request.post('/api/v1/employer/jobs/import', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
    multipart: { file: { name: 'jobs.csv', mimeType: 'text/csv', buffer: readFileSync(fixture('valid-basic.csv')) } },
  })
  expect(response.status()).toBe(403)
})
