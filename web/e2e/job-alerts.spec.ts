import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { toast, uniqueEmail } from './support/accounts.ts'
import { card, signedInCandidate } from './support/feed.ts'

// Job alerts end to end: subscribe in the feed's dialog, open the confirmation link
// of the e-mail the server sent, confirm on the page it leads to. The test server has no SMTP
// server set, so it writes each message as an .eml file under its data folder: the embedded
// default `make run` has.

const outbox = join(process.env.JOBTAP_E2E_DATA_DIR ?? '', 'outbox')

/** The plain-text part of the message the server wrote to `to`, decoded; undefined until it is there. */
function mailTo(to: string): string | undefined {
  let files: string[]
  try {
    files = readdirSync(outbox).filter((name) => name.endsWith('.eml'))
  } catch {
    return undefined
  }
  for (const name of files) {
    const raw = readFileSync(join(outbox, name), 'utf8')
    const head = raw.split('\r\n\r\n')[0]
    if (!head.split('\r\n').some((line) => line.toLowerCase() === `to: ${to}`)) continue
    const part = raw.split('Content-Type: text/plain')[1] ?? ''
    const [partHead, ...rest] = part.split('\r\n\r\n')
    const body = rest.join('\r\n\r\n').split('\r\n--')[0]
    if (/content-transfer-encoding: base64/i.test(partHead)) return Buffer.from(body, 'base64').toString('utf8')
    if (!/content-transfer-encoding: quoted-printable/i.test(partHead)) return body
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    return Buffer.from(bytes, 'latin1').toString('utf8')
  }
  return undefined
}

/** Rejects every live job for the candidate with `token` (as swiping left would), so the feed ends at once. */
async function rejectEveryJob(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` }
  const ids: string[] = []
  let cursor = ''
  do {
    const page = await request.get(`/api/v1/jobs?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { headers })
    expect(page.status()).toBe(200)
    const body = (await page.json()) as { jobs: { id: string }[]; next_cursor: string | null }
    ids.push(...body.jobs.map((job) => job.id))
    cursor = body.next_cursor ?? ''
  } while (cursor)
  for (const id of ids) {
    // A job its employer removed meanwhile is gone from the feed anyway.
    expect([204, 404]).toContain((await request.put(`/api/v1/jobs/${id}/rejection`, { headers })).status())
  }
}

test('subscribing at the end of the feed sends a confirmation e-mail whose link turns the alerts on', async ({ page, request }) => {
  const candidate = await signedInCandidate(page, request)
  await rejectEveryJob(request, candidate.token)
  await page.goto('/jobs')

  // Jobs other tests post meanwhile are passed over until the feed ends.
  const waiting = page.getByText('No more jobs available')
  const next = page.getByRole('button', { name: 'Next job' })
  const anyCard = page.locator('article[data-job-id]')
  for (let step = 0; step < 30; step++) {
    await expect(anyCard.or(waiting).first()).toBeVisible()
    if (await waiting.isVisible()) break
    const current = await anyCard.getAttribute('data-job-id')
    await next.click()
    await expect(card(page, current ?? '')).toHaveCount(0)
  }
  await expect(waiting).toBeVisible()
  await page.getByRole('button', { name: 'E-mail me new jobs' }).click()

  const dialog = page.getByRole('dialog', { name: 'No More Jobs Available Right Now' })
  const address = uniqueEmail('alerts')
  await dialog.getByLabel('Email').fill(address)
  await dialog.getByRole('button', { name: 'Notify Me' }).click()
  await expect(toast(page, "Thank you! We'll notify you when new jobs are available.")).toBeVisible()
  await expect(page.getByText(`To start your alerts, follow the link we e-mail to ${address}.`, { exact: false })).toBeVisible()

  await expect.poll(() => mailTo(address) ?? '').toContain('/alerts/confirm?token=')
  const text = mailTo(address) ?? ''
  const link = /(http\S+\/alerts\/confirm\?token=\S+)/.exec(text)?.[1] ?? ''
  expect(new URL(link).origin).toBe(new URL(page.url()).origin)

  // The link opens a page that asks; its button confirms.
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Confirm your job alerts' })).toBeVisible()
  await expect(page.getByText(address)).toBeVisible()
  await page.getByRole('button', { name: 'Confirm job alerts' }).click()
  await expect(page.getByRole('heading', { name: 'Your job alerts are on' })).toBeVisible()
  await expect(page.getByText(address)).toBeVisible()
  await page.getByRole('link', { name: 'Go to your feed' }).click()
  await expect(page).toHaveURL(/\/jobs$/)
})
