import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test, type Page } from '@playwright/test'
import { signedInCandidate, toast } from './support/accounts.ts'

// My Documents (spec, candidate §2, §4 "Default resume", §8 and §9) against the real server.

const resumePath = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'resumes', 'strong-developer.pdf')
const resumePdf = readFileSync(resumePath)

/** A 1×1 PNG, a real image for a certificate. */
const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/** The size as the list shows it. */
function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`
}

/**
 * Ends a share link's life now, in the server's database (the e2e server's SQLite file), as
 * the passing days would: the server stores a link by its token's SHA-256.
 */
function expireShareLink(url: string) {
  const token = new URL(url).pathname.split('/').pop() ?? ''
  const hash = createHash('sha256').update(token).digest('hex')
  const database = join(process.env.JOBTAP_E2E_DATA_DIR ?? '', 'jobtap.db')
  const script = [
    'import sqlite3, sys',
    'db = sqlite3.connect(sys.argv[1], timeout=30)',
    'n = db.execute("UPDATE share_links SET expires_at = created_at WHERE token_hash = ?", (sys.argv[2],)).rowcount',
    'db.commit()',
    'print(n)',
  ].join('\n')
  const updated = execFileSync('python3', ['-c', script, database, hash], { encoding: 'utf8' }).trim()
  expect(updated).toBe('1')
}

/** Uploads through the form: the type, the file, then Upload and its success toast. */
async function uploadOnPage(page: Page, type: 'Resume' | 'Certificate', file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByLabel('Document type').selectOption({ label: type })
  await page.getByLabel('File', { exact: true }).setInputFiles(file)
  await page.getByRole('button', { name: 'Upload', exact: true }).click()
}

test('upload, list in KB, set the default resume, download and delete', async ({ page, request }) => {
  await signedInCandidate(page, request)
  await page.goto('/documents')
  await expect(page.getByRole('heading', { level: 1, name: 'My Documents' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to Jobs' })).toHaveAttribute('href', '/jobs')
  await expect(page.getByText('No documents yet')).toBeVisible()

  // A certificate (PNG).
  await page.getByLabel('Document type').selectOption({ label: 'Certificate' })
  await expect(page.getByLabel('File', { exact: true })).toHaveAttribute('accept', '.pdf,.doc,.docx,.jpg,.jpeg,.png')
  await uploadOnPage(page, 'Certificate', { name: 'first-aid.png', mimeType: 'image/png', buffer: onePixelPng })
  await expect(toast(page, 'Document uploaded successfully!')).toBeVisible()
  const certificate = page.getByRole('listitem', { name: 'first-aid.png' })
  await expect(certificate).toContainText(kb(onePixelPng.length))
  await expect(certificate).toContainText('Certificate')
  await expect(certificate.getByRole('button', { name: 'QR code for first-aid.png' })).toHaveCount(0)

  // A "resume" that is an image inside: the server judges by content and its reason is shown.
  await uploadOnPage(page, 'Resume', { name: 'fake.pdf', mimeType: 'application/pdf', buffer: onePixelPng })
  await expect(toast(page, 'Failed to upload document')).toBeVisible()
  await expect(toast(page, 'Resume must be a PDF, DOC, DOCX or TXT file')).toBeVisible()
  await expect(page.getByRole('listitem', { name: 'fake.pdf' })).toHaveCount(0)

  // Two resumes.
  await expect(page.getByLabel('File', { exact: true })).toHaveAttribute('accept', '.pdf,.doc,.docx,.txt')
  await uploadOnPage(page, 'Resume', { name: 'strong-developer.pdf', mimeType: 'application/pdf', buffer: resumePdf })
  const first = page.getByRole('listitem', { name: 'strong-developer.pdf' })
  await expect(first).toContainText(kb(resumePdf.length))
  await uploadOnPage(page, 'Resume', { name: 'second-resume.pdf', mimeType: 'application/pdf', buffer: resumePdf })
  const second = page.getByRole('listitem', { name: 'second-resume.pdf' })
  await expect(second).toBeVisible()
  // Newest first.
  await expect(page.getByRole('list', { name: 'Documents' }).getByRole('listitem').first()).toHaveAccessibleName(
    'second-resume.pdf',
  )

  // Default resume: set one, then another; the badge moves.
  await first.getByRole('button', { name: 'Set as default: strong-developer.pdf' }).click()
  await expect(toast(page, 'Set as default resume for applications!')).toBeVisible()
  await expect(first.getByText('Default', { exact: true })).toBeVisible()
  await expect(first.getByRole('button', { name: /Set as default/ })).toHaveCount(0)
  await expect(second.getByText('Default', { exact: true })).toHaveCount(0)
  await second.getByRole('button', { name: 'Set as default: second-resume.pdf' }).click()
  await expect(second.getByText('Default', { exact: true })).toBeVisible()
  await expect(first.getByText('Default', { exact: true })).toHaveCount(0)
  await expect(first.getByRole('button', { name: 'Set as default: strong-developer.pdf' })).toBeVisible()
  // It lasts: the server holds it.
  await page.reload()
  await expect(page.getByRole('listitem', { name: 'second-resume.pdf' }).getByText('Default', { exact: true })).toBeVisible()

  // Download under the document's name, with its bytes.
  const downloadEvent = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download second-resume.pdf' }).click()
  const download = await downloadEvent
  expect(download.suggestedFilename()).toBe('second-resume.pdf')
  expect(readFileSync(await download.path()).equals(resumePdf)).toBe(true)
  await expect(toast(page, 'Document downloaded!')).toBeVisible()

  // Delete asks first; Close keeps the document.
  await page.getByRole('button', { name: 'Delete first-aid.png' }).click()
  let dialog = page.getByRole('dialog', { name: 'Delete document' })
  await expect(dialog).toContainText('Are you sure you want to delete this document?')
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByRole('listitem', { name: 'first-aid.png' })).toBeVisible()
  await page.getByRole('button', { name: 'Delete first-aid.png' }).click()
  dialog = page.getByRole('dialog', { name: 'Delete document' })
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(toast(page, 'Document deleted!')).toBeVisible()
  await expect(page.getByRole('listitem', { name: 'first-aid.png' })).toHaveCount(0)
  await expect(page.getByRole('list', { name: 'Documents' }).getByRole('listitem')).toHaveCount(2)
})

test('a resume QR code: drawn in the browser, downloadable, its link works until revoked', async ({ page, request, browser }) => {
  const token = await signedInCandidate(page, request)
  const uploaded = await request.post('/api/v1/documents', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      document_type: 'resume',
      file: { name: 'strong-developer.pdf', mimeType: 'application/pdf', buffer: resumePdf },
    },
  })
  expect(uploaded.status()).toBe(201)

  const wasmResponses: string[] = []
  page.on('response', (response) => {
    if (response.url().endsWith('.wasm')) wasmResponses.push(response.url())
  })
  await page.goto('/documents')
  const qrButton = page.getByRole('button', { name: 'QR code for strong-developer.pdf' })

  // First opening: a link that the second opening lists as another active link.
  await qrButton.click()
  let dialog = page.getByRole('dialog', { name: 'Resume QR Code' })
  const firstUrl = await dialog.getByRole('textbox', { name: 'Share link' }).inputValue()
  expect(firstUrl).toMatch(new RegExp(`^${new URL(page.url()).origin}/api/v1/share/[^/]+$`))
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toHaveCount(0)

  await qrButton.click()
  dialog = page.getByRole('dialog', { name: 'Resume QR Code' })
  const image = dialog.getByRole('img', { name: 'QR code linking to strong-developer.pdf' })
  await expect(image).toHaveAttribute('src', /^blob:/)
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBe(300)
  const url = await dialog.getByRole('textbox', { name: 'Share link' }).inputValue()
  expect(url).not.toBe(firstUrl)
  await expect(dialog.getByText(/^Expires /).first()).toBeVisible()
  // Drawn by the one core worker (wasm), not by a remote service.
  expect(page.workers()).toHaveLength(1)
  expect(wasmResponses).toHaveLength(1)

  // Download the PNG.
  const downloadEvent = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Download QR' }).click()
  const download = await downloadEvent
  expect(download.suggestedFilename()).toBe('strong-developer-qr.png')
  expect([...readFileSync(await download.path()).subarray(0, 8)]).toEqual(PNG_SIGNATURE)
  await expect(toast(page, 'QR code downloaded!')).toBeVisible()

  // Whoever holds the link gets the PDF, without signing in.
  const shared = await request.get(url)
  expect(shared.status()).toBe(200)
  expect((await shared.body()).equals(resumePdf)).toBe(true)

  // Scanned with a phone, the link opens a page first: whose resume, the file, until when.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  const scanned = await phone.newPage()
  await scanned.goto(url)
  await expect(scanned.getByRole('heading', { level: 1 })).toHaveText("Tariro Moyo's resume")
  await expect(scanned.getByText('strong-developer.pdf')).toBeVisible()
  await expect(scanned.getByText(`strong-developer.pdf · ${kb(resumePdf.length)}`)).toBeVisible()
  await expect(scanned.getByText(/^This link works until [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/)).toBeVisible()
  const saving = scanned.waitForEvent('download')
  await scanned.getByRole('link', { name: 'Download' }).tap()
  const saved = await saving
  expect(saved.suggestedFilename()).toBe('strong-developer.pdf')
  expect(readFileSync(await saved.path()).equals(resumePdf)).toBe(true)

  // Revoke the shown link: it answers 410 and the QR can no longer be downloaded.
  await dialog.getByRole('button', { name: 'Revoke link' }).click()
  await expect(dialog.getByRole('status').filter({ hasText: 'Link revoked' })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Download QR' })).toBeDisabled()
  expect((await request.get(url)).status()).toBe(410)
  await scanned.reload()
  await expect(scanned.getByRole('heading', { level: 1 })).toHaveText('This link no longer works')
  await expect(scanned.getByText('This share link was revoked by its owner.')).toBeVisible()
  await phone.close()

  // The first link is still active, listed with its own Revoke.
  const others = dialog.getByRole('region', { name: 'Other active links' })
  await expect(others.getByRole('listitem')).toHaveCount(1)
  expect((await request.get(firstUrl)).status()).toBe(200)
  await others.getByRole('button', { name: /^Revoke the link created/ }).click()
  await expect(others).toHaveCount(0)
  expect((await request.get(firstUrl)).status()).toBe(410)
})

test('a share link past its expiry opens a page that says so, on a phone', async ({ page, request, browser }) => {
  const token = await signedInCandidate(page, request)
  const headers = { Authorization: `Bearer ${token}` }
  const uploaded = await request.post('/api/v1/documents', {
    headers,
    multipart: { document_type: 'resume', file: { name: 'strong-developer.pdf', mimeType: 'application/pdf', buffer: resumePdf } },
  })
  expect(uploaded.status()).toBe(201)
  await page.goto('/documents')
  await page.getByRole('button', { name: 'QR code for strong-developer.pdf' }).click()
  const url = await page.getByRole('dialog', { name: 'Resume QR Code' }).getByRole('textbox', { name: 'Share link' }).inputValue()

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  const scanned = await phone.newPage()
  await scanned.goto(url)
  await expect(scanned.getByRole('link', { name: 'Download' })).toBeVisible()

  expireShareLink(url)
  const answer = await scanned.reload()
  expect(answer?.status()).toBe(410)
  await expect(scanned.getByRole('heading', { level: 1 })).toHaveText('This link no longer works')
  await expect(scanned.getByText('This share link has expired.')).toBeVisible()
  await expect(scanned.getByRole('link', { name: 'Download' })).toHaveCount(0)
  expect((await request.get(`${url}?download=1`)).status()).toBe(410)
  await phone.close()
})

test('a large upload shows its progress, then lists the file', async ({ page, request }) => {
  await signedInCandidate(page, request)
  await page.goto('/documents')
  await expect(page.getByText('No documents yet')).toBeVisible()

  // A 4 MB resume (a real PDF, padded), sent through a slowed-down connection so the progress can be seen.
  const large = Buffer.concat([resumePdf, Buffer.alloc(4 * 1024 * 1024 - resumePdf.length, 0x20)])
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 1024 * 1024,
  })
  await uploadOnPage(page, 'Resume', { name: 'large-resume.pdf', mimeType: 'application/pdf', buffer: large })
  const progress = page.getByRole('progressbar', { name: 'Upload progress' })
  await expect(progress).toBeVisible()
  await expect(page.getByText('Uploading large-resume.pdf')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Uploading…' })).toBeDisabled()
  // Part-way: more than nothing, less than all.
  await expect
    .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 15_000 })
    .toBeGreaterThan(0)
  expect(Number(await progress.getAttribute('aria-valuenow'))).toBeLessThan(100)

  await expect(toast(page, 'Document uploaded successfully!')).toBeVisible({ timeout: 20_000 })
  await expect(progress).toHaveCount(0)
  await expect(page.getByRole('listitem', { name: 'large-resume.pdf' })).toContainText('4,096.0 KB')
})

test('Stop sharing ends every link to the file, those handed out before too, on a phone', async ({ browser, request }) => {
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  const page = await phone.newPage()
  const token = await signedInCandidate(page, request)
  const uploaded = await request.post('/api/v1/documents', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { document_type: 'resume', file: { name: 'strong-developer.pdf', mimeType: 'application/pdf', buffer: resumePdf } },
  })
  expect(uploaded.status()).toBe(201)
  await page.goto('/documents')
  const qrButton = page.getByRole('button', { name: 'QR code for strong-developer.pdf' })

  // The code shown at a job fair yesterday, and the one opened today.
  await qrButton.tap()
  const dialog = page.getByRole('dialog', { name: 'Resume QR Code' })
  const earlier = await dialog.getByRole('textbox', { name: 'Share link' }).inputValue()
  await dialog.getByRole('button', { name: 'Close' }).tap()
  await expect(dialog).toHaveCount(0)
  await qrButton.tap()
  const shown = await dialog.getByRole('textbox', { name: 'Share link' }).inputValue()
  expect(shown).not.toBe(earlier)
  await expect(dialog.getByRole('region', { name: 'Other active links' }).getByRole('listitem')).toHaveCount(1)
  expect((await request.get(earlier)).status()).toBe(200)

  await dialog.getByRole('button', { name: 'Stop sharing' }).tap()
  await expect(toast(page, 'Sharing stopped: 2 links ended')).toBeVisible()
  await expect(dialog.getByRole('status').filter({ hasText: 'Link revoked' })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Download QR' })).toBeDisabled()
  await expect(dialog.getByRole('region', { name: 'Other active links' })).toHaveCount(0)
  expect((await request.get(earlier)).status()).toBe(410)
  expect((await request.get(shown)).status()).toBe(410)
  await phone.close()
})
