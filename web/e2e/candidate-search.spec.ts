import { expect, test } from '@playwright/test'
import { applyTo, auth, openSignedIn, postJob, signUpEmployer, signUpOnboardedCandidate } from './support/applying.ts'
import { uniqueTitle } from './support/feed.ts'

// The Candidates tab finds people among the employer's own applicants, each person
// once with their applications, on a phone by touch; another employer's applicants never show.

test('an employer finds their own applicants by name and stage on a phone, each person once', async ({
  browser,
  request,
}) => {
  const employer = await signUpEmployer(request)
  const analyst = uniqueTitle('Data Analyst')
  const developer = uniqueTitle('BI Developer')
  const analystJob = await postJob(request, employer, analyst)
  const developerJob = await postJob(request, employer, developer)
  const amara = await signUpOnboardedCandidate(request, 'Amara Okafor')
  const tendai = await signUpOnboardedCandidate(request, 'Tendai Moyo')
  await applyTo(request, amara, analystJob)
  await applyTo(request, amara, developerJob)
  const tendaiApplication = await applyTo(request, tendai, analystJob)
  const moved = await request.post(`/api/v1/employer/applications/${tendaiApplication.id}/stage`, {
    headers: auth(employer),
    data: { stage: 'screening' },
  })
  expect(moved.status()).toBe(200)
  // Someone who applied only to another employer.
  const rival = await signUpEmployer(request)
  const chipo = await signUpOnboardedCandidate(request, 'Chipo Banda')
  await applyTo(request, chipo, await postJob(request, rival, uniqueTitle('Data Analyst')))

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })
  const page = await phone.newPage()
  await openSignedIn(page, employer)
  await page.goto('/employer?tab=candidates')
  const found = page.getByRole('list', { name: 'Candidates found' })
  await expect(page.getByText('2 people')).toBeVisible()
  await expect(found.getByRole('article')).toHaveCount(2)
  await expect(page.getByText('Chipo Banda')).toHaveCount(0)

  const search = page.getByRole('search')
  await search.getByLabel('Name, skill or field of study').fill('amara')
  await search.getByRole('button', { name: 'Search' }).tap()
  await expect(page.getByText('1 person')).toBeVisible()
  const person = found.getByRole('article', { name: 'Amara Okafor' })
  const applications = person.getByRole('list', { name: 'Applications' }).getByRole('listitem')
  await expect(applications).toHaveCount(2)
  await expect(applications.filter({ hasText: analyst })).toContainText('Applied')
  await expect(applications.filter({ hasText: developer })).toContainText('Applied')

  await search.getByLabel('Name, skill or field of study').fill('')
  await search.getByLabel('Stage').selectOption('screening')
  await search.getByRole('button', { name: 'Search' }).tap()
  await expect(page.getByText('1 person')).toBeVisible()
  await expect(found.getByRole('article', { name: 'Tendai Moyo' })).toContainText('Screening')
  await expect(found.getByRole('article', { name: 'Amara Okafor' })).toHaveCount(0)

  await search.getByLabel('Name, skill or field of study').fill('Banda')
  await search.getByLabel('Stage').selectOption('')
  await search.getByRole('button', { name: 'Search' }).tap()
  await expect(page.getByText('No one who applied to your jobs matches this search.')).toBeVisible()
  await phone.close()
})
