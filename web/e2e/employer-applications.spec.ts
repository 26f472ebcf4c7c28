import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { signedInEmployer, signUpThroughApi, toast, uniqueEmail } from './support/accounts.ts'

// Manage applications and analytics (spec, employer §2, §4, §8, §9) against the real server:
// candidates sign up, onboard and apply through the API; the employer works in the browser.

const resumePath = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'resumes', 'strong-developer.pdf')
const resumePdf = readFileSync(resumePath)

/** Posts a job through the API and returns its id. */
async function postJob(request: APIRequestContext, token: string, title: string): Promise<string> {
  const response = await request.post('/api/v1/employer/jobs', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      company_name: 'Acme Zimbabwe',
      job_title: title,
      job_type: 'Full-time',
      job_description: 'Turn sales data into weekly reports with SQL and Python.',
      location: 'Harare',
      skills: ['SQL', 'Python'],
      experience_years: 2,
    },
  })
  expect(response.status()).toBe(201)
  return (await response.json()).job.id
}

/** A candidate who signs up and completes onboarding (with a PDF resume); returns their auth header. */
async function onboardedCandidate(request: APIRequestContext, fullName: string, location: string) {
  const { token } = await signUpThroughApi(request, '/api/v1/auth/signup', { email: uniqueEmail('cand'), full_name: fullName })
  const auth = { Authorization: `Bearer ${token}` }
  const onboarded = await request.post('/api/v1/profile/onboarding', {
    headers: auth,
    multipart: {
      full_name: fullName,
      degree_class: '2.1 Class',
      university: 'NUST',
      skills: 'SQL, Python',
      experience_years: '3',
      preferred_location: location,
      min_salary: '1000',
      max_salary: '2500',
      job_types: 'Full-time',
      resume: { name: 'strong-developer.pdf', mimeType: 'application/pdf', buffer: resumePdf },
    },
  })
  expect(onboarded.status()).toBe(200)
  return auth
}

/** The candidate behind `auth` applies to `jobId`. */
async function apply(request: APIRequestContext, auth: Record<string, string>, jobId: string) {
  const applied = await request.post('/api/v1/applications', { headers: auth, data: { job_id: jobId } })
  expect(applied.status()).toBe(201)
}

/** A candidate who signs up, completes onboarding (with a PDF resume) and applies to `jobId`. */
async function candidateApplies(request: APIRequestContext, jobId: string, fullName: string, location: string) {
  await apply(request, await onboardedCandidate(request, fullName, location), jobId)
}

test('filter, recommend, comment, view the candidate, download, accept; analytics counts it', async ({ page, request }) => {
  const token = await signedInEmployer(page, request)
  const jobId = await postJob(request, token, 'Data Analyst')
  await candidateApplies(request, jobId, 'Tendai Moyo', 'Harare')

  await page.goto('/employer/applications')
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Applications' })).toBeVisible()
  const card = page.getByRole('article', { name: 'Tendai Moyo' })
  await expect(card).toContainText('Data Analyst')
  await expect(card.getByText('Applied', { exact: true })).toBeVisible()
  // Degree 4 (2.1 Class), skills 5 (SQL and Python), NUST 5; experience 0: the resume
  // (strong-developer.pdf) lists developer roles, none of which fits a data analyst job.
  // 4 + 1.4 × 5 + 0.52 × 5 + 0 = 13.6 of 19.6.
  for (const score of ['Degree4/5', 'Skills5/5', 'University5/5', 'Experience0/5']) {
    await expect(card).toContainText(score)
  }
  await expect(card).toContainText('13.6/19.6')
  await expect(card).toContainText('69.4%')

  // Filters narrow the list on the server.
  await expect(page.getByLabel('Date range').locator('option')).toHaveText([
    'All time',
    'Last 7 days',
    'Last 30 days',
    'Last 90 days',
  ])
  await expect(page.getByLabel('Minimum degree score').locator('option')).toHaveText(['Any', '3+', '4+', '5'])
  await page.getByLabel('Date range').selectOption({ label: 'Last 7 days' })
  await expect(card).toBeVisible()
  // Experience 0 (no data role in the resume): a minimum of 5 leaves the card out.
  await page.getByLabel('Minimum experience score').selectOption({ label: '5' })
  await expect(page.getByText('No applications yet')).toBeVisible()
  await expect(card).toHaveCount(0)
  await page.getByLabel('Minimum experience score').selectOption({ label: 'Any' })
  await expect(card).toBeVisible()
  await page.getByLabel('Minimum degree score').selectOption({ label: '5' })
  await expect(page.getByText('No applications yet')).toBeVisible()
  await expect(card).toHaveCount(0)
  await page.getByLabel('Minimum degree score').selectOption({ label: '4+' })
  await expect(card).toBeVisible()

  // The AI recommendation uses the same filters.
  await page.getByRole('button', { name: 'AI Recommendation' }).click()
  await expect(toast(page, 'Highest fit score among these applications')).toBeVisible()
  await expect(toast(page, 'Tendai Moyo — 13.6/19.6 (69.4%) for Data Analyst')).toBeVisible()
  await expect(card.getByText('AI recommended')).toBeVisible()

  // A comment: a blank one is ignored, then one is saved.
  await card.getByRole('button', { name: 'Add Comment' }).click()
  const commentDialog = page.getByRole('dialog', { name: 'Add Comment' })
  await commentDialog.getByLabel('Private note').fill('   ')
  await commentDialog.getByRole('button', { name: 'Save Comment' }).click()
  await expect(commentDialog).toBeVisible()
  await commentDialog.getByLabel('Private note').fill('Strong SQL; invite to interview.')
  await commentDialog.getByRole('button', { name: 'Save Comment' }).click()
  await expect(toast(page, 'Comment added')).toBeVisible()
  await expect(commentDialog).toHaveCount(0)
  await expect(card).toContainText('Private note: Strong SQL; invite to interview.')

  // The candidate's profile: cover letter, documents (downloaded with their bytes) and share links.
  await card.getByRole('button', { name: 'View Candidate' }).click()
  const profile = page.getByRole('dialog', { name: 'Candidate Profile' })
  await expect(profile).toContainText('Tendai Moyo')
  await expect(profile).toContainText('Harare')
  await expect(profile).toContainText('Dear Acme Zimbabwe Hiring Team')
  await expect(profile).toContainText('Subject: Application for Data Analyst – Tendai Moyo')
  await expect(profile.getByRole('link', { name: 'Share by email' })).toHaveAttribute(
    'href',
    /^mailto:\?subject=Candidate%3A%20Tendai%20Moyo.*&body=.*13\.6%2F19\.6/,
  )
  await expect(profile.getByRole('link', { name: 'Share by chat' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/\?text=Candidate%3A%20Tendai%20Moyo/,
  )
  const downloadEvent = page.waitForEvent('download')
  await profile.getByRole('button', { name: 'Download strong-developer.pdf' }).click()
  const download = await downloadEvent
  expect(download.suggestedFilename()).toBe('strong-developer.pdf')
  expect(readFileSync(await download.path()).equals(resumePdf)).toBe(true)
  await expect(toast(page, 'Document downloaded')).toBeVisible()
  await profile.getByRole('button', { name: 'Close' }).click()

  // Accept: the decision buttons go away.
  await card.getByRole('button', { name: 'Accept' }).click()
  await expect(toast(page, 'Application accepted')).toBeVisible()
  await expect(card.getByText('Accepted', { exact: true })).toBeVisible()
  await expect(card.getByRole('button', { name: 'Accept' })).toHaveCount(0)
  await expect(card.getByRole('button', { name: 'Reject' })).toHaveCount(0)

  // The dashboard counts it on the job's card.
  await page.goto('/employer')
  await expect(page.getByRole('article', { name: 'Data Analyst' })).toContainText('1 application')

  // Analytics: the counts, and the three charts drawn.
  await page.goto('/employer/analytics')
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible()
  await expect(page.getByRole('group', { name: 'Total Applications' })).toContainText('1')
  await expect(page.getByRole('group', { name: 'Accepted' })).toContainText('1')
  await expect(page.getByRole('group', { name: 'Rejected' })).toContainText('0')
  await expect(page.getByRole('group', { name: 'Pending' })).toContainText('0')
  const byLocation = page.getByRole('figure', { name: 'Applications by location' })
  await expect(byLocation.getByRole('list', { name: 'Applications per location' })).toContainText('Harare1 application')
  await expect(byLocation.locator('svg.recharts-surface')).toBeVisible()
  const status = page.getByRole('figure', { name: 'Application status' })
  await expect(status.getByRole('listitem').filter({ hasText: 'Accepted' })).toContainText('1 (100%)')
  await expect(status.locator('svg.recharts-surface')).toBeVisible()
  const overTime = page.getByRole('figure', { name: 'Applications over time' })
  await expect(overTime).toContainText('1 application in the last 30 days')
  await expect(overTime.getByRole('table', { name: 'Applications per day, last 30 days' }).getByRole('row')).toHaveCount(31)
  await expect(overTime.locator('svg.recharts-surface')).toBeVisible()
})

test('reject removes an application, delete hides one; the dashboard tab shows the same list', async ({ page, request }) => {
  const token = await signedInEmployer(page, request)
  const jobId = await postJob(request, token, 'Report Writer')
  await candidateApplies(request, jobId, 'Nyasha Dube', 'Bulawayo')
  await candidateApplies(request, jobId, 'Farai Ncube', 'Mutare')

  await page.goto('/employer?tab=applications')
  await expect(page.getByRole('tab', { name: 'Applications' })).toHaveAttribute('aria-selected', 'true')
  const nyasha = page.getByRole('article', { name: 'Nyasha Dube' })
  const farai = page.getByRole('article', { name: 'Farai Ncube' })
  // Newest first.
  await expect(page.getByRole('article')).toHaveText([/Farai Ncube/, /Nyasha Dube/])

  await nyasha.getByRole('button', { name: 'Reject' }).click()
  const confirm = page.getByRole('dialog', { name: 'Reject application' })
  await expect(confirm).toContainText("Reject Nyasha Dube's application for Report Writer?")
  await confirm.getByLabel('Reason').selectOption({ label: 'The position has been filled' })
  await confirm.getByRole('button', { name: 'Reject', exact: true }).click()
  await expect(toast(page, 'Application rejected and removed')).toBeVisible()
  await expect(nyasha).toHaveCount(0)

  await farai.getByRole('button', { name: 'Delete' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete application' })
  await expect(dialog).toContainText("Remove Farai Ncube's application for Report Writer?")
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(toast(page, 'Application deleted successfully')).toBeVisible()
  await expect(page.getByText('No applications yet')).toBeVisible()

  // A rejected application still counts in analytics; a deleted one does not.
  await page.getByRole('tab', { name: 'Analytics' }).click()
  await expect(page.getByRole('group', { name: 'Total Applications' })).toContainText('1')
  await expect(page.getByRole('group', { name: 'Rejected' })).toContainText('1')
  await expect(page.getByRole('figure', { name: 'Applications by location' })).toContainText('Bulawayo')
})

test('a new employer sees the empty states, and the recommendation says why it cannot help', async ({ page, request }) => {
  await signedInEmployer(page, request)
  await page.goto('/employer/applications')
  await expect(page.getByText('No applications yet')).toBeVisible()
  await page.getByRole('button', { name: 'AI Recommendation' }).click()
  await expect(toast(page, 'Failed to generate recommendation')).toBeVisible()
  await expect(toast(page, 'No applications to recommend yet')).toBeVisible()

  await page.goto('/employer/analytics')
  await expect(page.getByText('No data available yet. Post jobs to see analytics.', { exact: true })).toBeVisible()
})

test('the list comes 20 at a time, newest first; Load more brings the rest without repeats', async ({ page, request }) => {
  const token = await signedInEmployer(page, request)
  const titles = Array.from({ length: 21 }, (_, i) => `Paged Role ${String(i + 1).padStart(2, '0')}`)
  const jobIds: string[] = []
  for (const title of titles) jobIds.push(await postJob(request, token, title))
  const auth = await onboardedCandidate(request, 'Rudo Chikore', 'Gweru')
  // One after another, so Paged Role 21 is the newest application.
  for (const jobId of jobIds) await apply(request, auth, jobId)

  await page.goto('/employer?tab=applications')
  const cards = page.getByRole('article', { name: 'Rudo Chikore' })
  await expect(cards).toHaveCount(20)
  await expect(page.getByText('Showing the newest 20 applications')).toBeVisible()
  await expect(cards.first()).toContainText('Paged Role 21 · Acme Zimbabwe')
  await expect(page.getByText('Paged Role 01 · Acme Zimbabwe')).toHaveCount(0)

  await page.getByRole('button', { name: 'Load more' }).click()
  await expect(cards).toHaveCount(21)
  await expect(cards.last()).toContainText('Paged Role 01 · Acme Zimbabwe')
  await expect(page.getByText('21 applications', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0)
  // Every application once: the second page starts exactly after the first.
  const shown = await cards.locator('p').filter({ hasText: 'Paged Role' }).allTextContents()
  expect(shown.map((line) => line.replace(' · Acme Zimbabwe', '')).sort()).toEqual(titles)
})
