import { expect, test, type Page } from '@playwright/test'
import { handSessionToApp, type SessionAnswer } from './support/accounts.ts'
import { applyTo, auth, openSignedIn, signUpEmployer, signUpOnboardedCandidate } from './support/applying.ts'
import { showCard, uniqueTitle } from './support/feed.ts'

// Script and javascript: payloads in everything users write (a job's title and
// description, a candidate's name and so their cover letter, an employer's
// comment, a chat message) render as text on every page that shows them: no
// JavaScript dialog ever opens, and no element or link of the payload exists.

const IMG = '<img src=x onerror=alert(1)>'
const SCRIPT = '<script>alert(2)</script>'
const MD_LINK = '[click me](javascript:alert(3))'
const A_LINK = '<a href="javascript:alert(4)">a link</a>'
const COMMENT = `Strong SQL ${SCRIPT} ${IMG}`
const CHAT = `${IMG} javascript:alert(5) ${SCRIPT}`

/** Fails the test if the page ever opens a JavaScript dialog (an injected alert). */
function forbidDialogs(page: Page): string[] {
  const opened: string[] = []
  page.on('dialog', (dialog) => {
    opened.push(dialog.message())
    void dialog.dismiss()
  })
  return opened
}

/** No element a payload would have made exists on the page. */
async function expectNoInjectedElements(page: Page, where: string) {
  const injected = await page
    .locator('img[src="x"], [onerror], a[href^="javascript" i], script:not([src]):not([type="application/ld+json"])')
    .count()
  expect(injected, where).toBe(0)
}

test('payloads in jobs, letters, comments and chat render as text everywhere', async ({ page, browser, request }) => {
  test.setTimeout(120_000)
  const marker = uniqueTitle('Xss')
  const title = `Analyst ${IMG} ${marker}`
  const description = `Turn sales data into weekly reports with SQL and Python. ${SCRIPT} ${IMG} ${MD_LINK} ${A_LINK}`

  const employer = await signUpEmployer(request)
  const job = {
    company_name: 'Acme Zimbabwe',
    job_title: title,
    job_type: 'Full-time',
    job_description: description,
    location: 'Harare',
    salary_min: 1200,
    salary_max: 2400,
    skills: ['SQL', 'Python'],
    experience_years: 2,
    requirements: [`Know SQL ${IMG}`],
    benefits: [`Medical aid ${SCRIPT}`],
  }
  // A javascript: URL is not a LinkedIn address: refused before it is stored.
  const refused = await request.post('/api/v1/employer/jobs', {
    headers: auth(employer),
    data: { ...job, linkedin_url: 'javascript:alert(6)' },
  })
  expect(refused.status()).toBe(422)
  const posted = await request.post('/api/v1/employer/jobs', {
    headers: auth(employer),
    data: { ...job, linkedin_url: 'https://www.linkedin.com/company/acme' },
  })
  expect(posted.status()).toBe(201)
  const jobId: string = (await posted.json()).job.id
  // The job applied to leaves the candidate's feed: a second one with the same payloads stays.
  const feedTitle = `Reporting ${title}`
  const feedPosted = await request.post('/api/v1/employer/jobs', {
    headers: auth(employer),
    data: { ...job, job_title: feedTitle, linkedin_url: 'https://www.linkedin.com/company/acme' },
  })
  expect(feedPosted.status()).toBe(201)
  const feedJobId: string = (await feedPosted.json()).job.id

  const candidateName = `Tari ${IMG}`
  const candidate = await signUpOnboardedCandidate(request, candidateName)
  const application = await applyTo(request, candidate, jobId)
  expect(application.cover_letter).toContain(IMG)
  const commented = await request.put(`/api/v1/employer/applications/${application.id}/comment`, {
    headers: auth(employer),
    data: { employer_comment: COMMENT },
  })
  expect(commented.status()).toBe(200)

  // The candidate: feed card, job page, My Applications and the chat.
  const dialogs = forbidDialogs(page)
  await handSessionToApp(page, candidate.body as unknown as SessionAnswer, { onboarded: true })
  await page.goto('/jobs')
  const jobCard = await showCard(page, feedJobId)
  await expect(jobCard.getByText(feedTitle, { exact: false }).first()).toBeVisible()
  await expectNoInjectedElements(page, 'feed')

  await page.goto(`/job/${jobId}`)
  await expect(page.getByRole('heading', { name: title })).toBeVisible()
  const main = page.getByRole('main')
  await expect(main.getByText(`Medical aid ${SCRIPT}`)).toBeVisible()
  await main.getByRole('button', { name: 'View full description' }).click()
  const full = page.getByRole('dialog')
  await expect(full.getByText(SCRIPT, { exact: false }).first()).toBeVisible()
  await expect(full.getByText(MD_LINK, { exact: false }).first()).toBeVisible()
  await expect(full.getByText(A_LINK, { exact: false }).first()).toBeVisible()
  await expectNoInjectedElements(page, 'job view')
  await page.keyboard.press('Escape')
  await expect(full).toHaveCount(0)

  await page.goto('/applications')
  const myCard = page.locator('article').filter({ hasText: marker }).first()
  await expect(myCard).toBeVisible()
  await myCard.getByRole('button', { name: 'Cover Letter' }).click()
  await expect(myCard.getByText(IMG, { exact: false }).first()).toBeVisible()
  await expect(myCard.getByText(COMMENT, { exact: false })).toBeVisible()
  await expectNoInjectedElements(page, 'my applications')

  await page.getByRole('button', { name: 'Open SwipeJob AI' }).click()
  const chat = page.getByRole('dialog', { name: 'SwipeJob AI' })
  const input = chat.getByRole('textbox', { name: 'Message' })
  await input.fill(CHAT)
  await input.press('Enter')
  await expect(chat.getByRole('log').getByText(CHAT, { exact: true })).toBeVisible()
  await expect(chat.getByRole('log').getByText('SwipeJob AI:')).toHaveCount(2)
  await expectNoInjectedElements(page, 'chat')

  // The employer: the applications screen, the candidate's letter and the comment.
  const employerContext = await browser.newContext()
  const employerPage = await employerContext.newPage()
  const employerDialogs = forbidDialogs(employerPage)
  await openSignedIn(employerPage, employer)
  await employerPage.goto('/employer/applications')
  const applicationCard = employerPage.locator(`#application-${application.id}`)
  await expect(applicationCard).toBeVisible()
  await expect(applicationCard.getByText(candidateName, { exact: false }).first()).toBeVisible()
  await expect(applicationCard.getByText(COMMENT, { exact: false })).toBeVisible()
  await applicationCard.getByRole('button', { name: 'View Candidate' }).click()
  const candidateDialog = employerPage.getByRole('dialog')
  await expect(candidateDialog.getByText(IMG, { exact: false }).first()).toBeVisible()
  await expectNoInjectedElements(employerPage, 'employer applications')
  await employerContext.close()

  expect(dialogs).toEqual([])
  expect(employerDialogs).toEqual([])
})
