import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { toast } from './support/accounts.ts'
import {
  applyTo,
  auth,
  openSignedIn,
  postJob,
  RESUME_NAME,
  resumePdf,
  signUpEmployer,
  signUpOnboardedCandidate,
} from './support/applying.ts'

// My Applications (spec, candidate §2 "Applications", §4 "Application", §8, §9) against the
// real server: jobs are posted and applied to through the API; the candidate works in the browser.

/** A date as the core formats it ("Nov 22, 2026", UTC), to check the page against. */
function utcDate(epochMs: number): string {
  const format = { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' } as const
  return new Date(epochMs).toLocaleDateString('en-US', format)
}

function counter(page: Page, name: string) {
  return page.getByRole('list', { name: 'Application counts' }).getByRole('listitem', { name, exact: true })
}

test('a candidate sees their application under All and Pending, reads the letter, downloads a document, deletes it', async ({
  page,
  request,
}) => {
  const employer = await signUpEmployer(request)
  const jobId = await postJob(request, employer, 'Data Analyst')
  const candidate = await signUpOnboardedCandidate(request, 'Tendai Moyo')
  const application = await applyTo(request, candidate, jobId)

  await openSignedIn(page, candidate)
  await page.goto('/applications')
  await expect(page.getByRole('heading', { level: 1, name: 'My Applications' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to Jobs' })).toHaveAttribute('href', '/jobs')
  await expect(page.getByText('Hi, Tendai Moyo!')).toBeVisible()

  // The counters and the tabs' counts.
  for (const name of ['Total: 1', 'Pending: 1', 'Accepted: 0', 'Rejected: 0']) {
    await expect(counter(page, name)).toBeVisible()
  }
  await expect(page.getByRole('tab')).toHaveText(['All 1', 'Pending 1', 'Accepted 0', 'Rejected 0'])
  await expect(page.getByRole('tab', { name: 'All 1' })).toHaveAttribute('aria-selected', 'true')

  // The card: job, company, place, salary and date as the Rust core formats them, status, the role icon (no logo).
  const card = page.getByRole('article', { name: 'Data Analyst' })
  await expect(card).toContainText('Acme Zimbabwe')
  await expect(card).toContainText('Harare')
  await expect(card).toContainText('$1,200 - $2,400')
  await expect(card.getByText('Applied', { exact: true })).toBeVisible()
  await expect(card.locator('time')).toHaveText(utcDate(application.applied_at))
  await expect(card.getByTestId('role-icon')).toHaveAttribute('data-role', 'data')
  // Degree 4 (2.1 Class), skills 5 (SQL and Python), NUST 5; experience 0: the resume
  // (strong-developer.pdf) lists developer roles, none of which fits a data analyst job.
  // 4 + 1.4 × 5 + 0.52 × 5 + 0 = 13.6 of 19.6.
  await expect(card.getByRole('region', { name: 'AI screening' })).toContainText('69.4% match')
  await expect(card.getByRole('region', { name: 'Employer feedback' })).toContainText('No feedback yet')

  // Pending lists it; Accepted does not; the tab survives a reload.
  await page.getByRole('tab', { name: 'Accepted 0' }).click()
  await expect(page.getByText('No accepted applications')).toBeVisible()
  await expect(card).toHaveCount(0)
  await page.getByRole('tab', { name: 'Pending 1' }).click()
  await expect(page).toHaveURL(/\/applications\?tab=pending$/)
  await page.reload()
  await expect(page.getByRole('tab', { name: 'Pending 1' })).toHaveAttribute('aria-selected', 'true')
  await expect(card).toBeVisible()

  // The cover letter opens and closes.
  const letterButton = card.getByRole('button', { name: 'Cover Letter' })
  await expect(letterButton).toHaveAttribute('aria-expanded', 'false')
  await expect(card.getByText(/Dear Acme Zimbabwe Hiring Team/)).toBeHidden()
  await letterButton.click()
  await expect(card.getByText(/Dear Acme Zimbabwe Hiring Team/)).toBeVisible()
  await expect(card).toContainText('Subject: Application for Data Analyst – Tendai Moyo')
  await letterButton.click()
  await expect(card.getByText(/Dear Acme Zimbabwe Hiring Team/)).toBeHidden()

  // The candidate's documents, downloadable with their bytes.
  await card.getByRole('button', { name: 'Your Documents' }).click()
  const resume = card.getByRole('listitem', { name: RESUME_NAME })
  await expect(resume).toContainText('Default resume')
  const downloadEvent = page.waitForEvent('download')
  await resume.getByRole('button', { name: `Download ${RESUME_NAME}` }).click()
  const download = await downloadEvent
  expect(download.suggestedFilename()).toBe(RESUME_NAME)
  expect(readFileSync(await download.path()).equals(resumePdf)).toBe(true)
  await expect(toast(page, 'Document downloaded!')).toBeVisible()

  // Delete asks first; Close keeps it.
  await card.getByRole('button', { name: 'Delete Application' }).click()
  let dialog = page.getByRole('dialog', { name: 'Delete Application' })
  await expect(dialog).toContainText('Are you sure you want to delete this application? This action cannot be undone.')
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(card).toBeVisible()

  await card.getByRole('button', { name: 'Delete Application' }).click()
  dialog = page.getByRole('dialog', { name: 'Delete Application' })
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(toast(page, 'Application deleted successfully')).toBeVisible()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByText('No applications yet')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Browse Jobs' })).toHaveAttribute('href', '/jobs')
  await expect(counter(page, 'Total: 0')).toBeVisible()
  await expect(counter(page, 'Pending: 0')).toBeVisible()

  // Gone on the server too.
  const mine = await request.get('/api/v1/applications', { headers: auth(candidate) })
  expect((await mine.json()).applications).toEqual([])
})

test('a job the employer removed reads "Job No Longer Available"; other candidates never see the application', async ({
  page,
  browser,
  request,
}) => {
  const employer = await signUpEmployer(request)
  const jobId = await postJob(request, employer, 'Backend Developer')
  const candidate = await signUpOnboardedCandidate(request, 'Tendai Moyo')
  await applyTo(request, candidate, jobId)
  const removed = await request.delete(`/api/v1/employer/jobs/${jobId}`, { headers: auth(employer) })
  expect(removed.status()).toBe(200)

  await openSignedIn(page, candidate)
  await page.goto('/applications')
  const card = page.getByRole('article', { name: 'Job No Longer Available' })
  await expect(card).toContainText('This job posting has been removed')
  await expect(card).toContainText('You applied for Backend Developer at Acme Zimbabwe')
  await expect(card.getByText('Not selected', { exact: true })).toBeVisible()
  await expect(card.getByRole('region', { name: 'Employer feedback' })).toContainText(
    'This job posting was removed by the employer, so the application was declined.',
  )
  await expect(counter(page, 'Rejected: 1')).toBeVisible()
  await expect(counter(page, 'Pending: 0')).toBeVisible()
  await page.getByRole('tab', { name: 'Rejected 1' }).click()
  await expect(card).toBeVisible()
  await page.getByRole('tab', { name: 'Pending 0' }).click()
  await expect(page.getByText('No pending applications')).toBeVisible()

  // Another candidate, in their own browser: nothing of the first one's.
  const other = await signUpOnboardedCandidate(request, 'Chipo Dube')
  const context = await browser.newContext()
  const otherPage = await context.newPage()
  await openSignedIn(otherPage, other)
  await otherPage.goto('/applications')
  await expect(otherPage.getByText('Hi, Chipo Dube!')).toBeVisible()
  await expect(otherPage.getByText('No applications yet')).toBeVisible()
  await expect(otherPage.getByRole('article')).toHaveCount(0)
  await expect(counter(otherPage, 'Total: 0')).toBeVisible()
  await context.close()
})
