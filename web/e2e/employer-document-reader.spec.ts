import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { auth, openSignedIn, postJob, signUpEmployer, signUpOnboardedCandidate } from './support/applying.ts'
import { uniqueTitle } from './support/feed.ts'

// An employer on a desktop reads a candidate's Word resume (written by python-docx) in the
// page, without downloading it: its text in a frame that runs nothing, the original still a
// download away.

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures')
const word = readFileSync(join(fixtures, 'resumes', 'writers', 'nurse.python-docx.docx'))
const WORD_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'

test('an employer reads a Word resume sent with an application in the page', async ({ browser, request }) => {
  const employer = await signUpEmployer(request)
  const jobId = await postJob(request, employer, uniqueTitle('Data Analyst'))
  const candidate = await signUpOnboardedCandidate(request, 'Rudo Mhlanga')
  const uploaded = await request.post('/api/v1/documents', {
    headers: auth(candidate),
    multipart: { document_type: 'resume', file: { name: 'Rudo Mhlanga CV.docx', mimeType: WORD_TYPE, buffer: word } },
  })
  expect(uploaded.status()).toBe(201)
  const documentId = (await uploaded.json()).document.id
  const applied = await request.post('/api/v1/applications', {
    headers: auth(candidate),
    data: { job_id: jobId, document_ids: [documentId] },
  })
  expect(applied.status()).toBe(201)

  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
  await openSignedIn(page, employer)
  await page.goto('/employer/applications')
  await page.getByRole('article', { name: 'Rudo Mhlanga' }).getByRole('button', { name: 'View Candidate' }).click()
  const profile = page.getByRole('dialog', { name: 'Candidate Profile' })
  const sent = profile.getByRole('region', { name: 'Documents sent with this application' })
  const read = sent.getByRole('button', { name: 'Read Rudo Mhlanga CV.docx' })
  await read.click()
  await expect(read).toHaveAttribute('aria-expanded', 'true')
  const reader = sent.getByRole('region', { name: 'Reading Rudo Mhlanga CV.docx' })
  const frame = reader.locator('iframe')
  await expect(frame).toHaveAttribute('sandbox', '')
  const text = page.frameLocator('iframe[title="Rudo Mhlanga CV.docx"]')
  await expect(text.getByText('RUDO MHLANGA')).toBeVisible()
  await expect(text.getByText('Cut medication errors by 40% with a double-check round at handover')).toBeVisible()
  // The original is still there to download.
  const download = page.waitForEvent('download')
  await sent.getByRole('button', { name: 'Download Rudo Mhlanga CV.docx' }).click()
  expect((await download).suggestedFilename()).toBe('Rudo Mhlanga CV.docx')
  await reader.getByRole('button', { name: 'Close the reader' }).click()
  await expect(reader).toHaveCount(0)
})
