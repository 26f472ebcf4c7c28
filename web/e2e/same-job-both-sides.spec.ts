import { expect, test } from '@playwright/test'
import { signedInEmployer } from './support/accounts.ts'
import { applyTo, auth, openSignedIn, signUpEmployer, signUpOnboardedCandidate } from './support/applying.ts'
import { postJobAs, signedInCandidate, uniqueTitle, type JobInput } from './support/feed.ts'

// One job reads the same to the employer who posted it and to a candidate: the
// salary, the posted day and an application's scores are written by core's rules on both screens.

test('the employer’s job card and the candidate’s job page show the same salary and posted day', async ({ browser, request }) => {
  // The posted day is stored as midnight UTC: formatted in a viewer's zone west of UTC (the
  // employer's here) it would read the day before.
  const employerContext = await browser.newContext({ timezoneId: 'America/Los_Angeles' })
  const employerPage = await employerContext.newPage()
  const token = await signedInEmployer(employerPage, request)
  const title = uniqueTitle('Radiographer')
  const id = await postJobAs(request, token, {
    job_title: title,
    salary_min: 1500.5,
    salary_max: 2500,
    posted_at: '2026-03-05',
  } as JobInput & { salary_min: number; salary_max: number; posted_at: string })

  await employerPage.goto('/employer')
  const employerCard = employerPage.getByRole('article', { name: title })
  await expect(employerCard).toContainText('$1,500.50 - $2,500')
  await expect(employerCard).toContainText('Posted Mar 5, 2026')

  const candidateContext = await browser.newContext({ timezoneId: 'Asia/Tokyo' })
  const candidatePage = await candidateContext.newPage()
  await signedInCandidate(candidatePage, request)
  await candidatePage.goto(`/job/${id}`)
  const candidateCard = candidatePage.locator(`article[data-job-id="${id}"]`)
  await expect(candidateCard).toContainText('$1,500.50 - $2,500')
  await expect(candidateCard).toContainText('Posted Mar 5, 2026')

  await employerContext.close()
  await candidateContext.close()
})

test('an application’s scores and applied day read the same on the candidate’s and the employer’s cards', async ({
  browser,
  request,
}) => {
  const employer = await signUpEmployer(request)
  const title = uniqueTitle('Data Analyst')
  // Two of three skills: a skills score of 3.333…, which each screen must round alike.
  const posted = await request.post('/api/v1/employer/jobs', {
    headers: auth(employer),
    data: {
      company_name: 'Acme Zimbabwe',
      job_title: title,
      job_type: 'Full-time',
      job_description: 'Weekly sales reports with SQL, Python and Tableau.',
      location: 'Harare',
      skills: ['SQL', 'Python', 'Tableau'],
      experience_years: 2,
    },
  })
  expect(posted.status()).toBe(201)
  const jobId: string = (await posted.json()).job.id
  const candidate = await signUpOnboardedCandidate(request, 'Chipo Banda')
  await applyTo(request, candidate, jobId)

  // Far apart time zones: a day written in the viewer's zone would differ for most of the day.
  const candidatePage = await (await browser.newContext({ timezoneId: 'Asia/Tokyo' })).newPage()
  await openSignedIn(candidatePage, candidate)
  await candidatePage.goto('/applications')
  const screening = candidatePage.getByRole('article', { name: title }).getByRole('region', { name: 'AI screening' })
  await expect(screening).toContainText('Skills3.33/5')
  const candidateParts = await screening.locator('dd').allTextContents()
  const candidatePercent = /([\d.]+%) match/.exec((await screening.textContent()) ?? '')?.[1]
  const candidateDay = await candidatePage.getByRole('article', { name: title }).locator('time').first().textContent()

  const employerPage = await (await browser.newContext({ timezoneId: 'America/Los_Angeles' })).newPage()
  await openSignedIn(employerPage, employer)
  await employerPage.goto('/employer/applications')
  const employerCard = employerPage.getByRole('article', { name: 'Chipo Banda' })
  await expect(employerCard).toContainText('Skills3.33/5')
  const employerParts = await employerCard.locator('dl').first().locator('dd').allTextContents()

  expect(candidateParts).toHaveLength(4)
  expect(employerParts).toEqual(candidateParts)
  expect(candidatePercent).toMatch(/^\d+\.\d%$/)
  await expect(employerCard).toContainText(candidatePercent ?? 'missing')
  expect(candidateDay).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/)
  await expect(employerCard.locator('time')).toHaveText(candidateDay ?? 'missing')
})
