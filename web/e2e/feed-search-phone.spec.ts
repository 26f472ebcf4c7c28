import { expect, test, type Page } from '@playwright/test'
import { signUpEmployer, type Account } from './support/applying.ts'
import { toast } from './support/accounts.ts'
import { card, postJobAs, signedInCandidate, uniqueTitle } from './support/feed.ts'
import { mailsTo } from './support/mail.ts'

// A candidate on a phone (touch) searches the feed: "pharmacist" in Bulawayo paying at least
// $1,000. The address keeps the search, and a reload shows the same cards.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

/** The job ids of the next feed page the page asks for with `search` in its address. */
function feedAnswer(page: Page, search: RegExp) {
  return page
    .waitForResponse((r) => r.url().includes('/api/v1/jobs?') && search.test(r.url()) && r.request().method() === 'GET')
    .then(async (r) => ((await r.json()) as { jobs: { id: string }[] }).jobs.map((j) => j.id))
}

test('a search for a pharmacist in Bulawayo with a minimum salary survives a reload', async ({ page, request }) => {
  const employer: Account = await signUpEmployer(request)
  const post = (job_title: string, location: string, salary_min: number, salary_max: number, job_description: string) =>
    postJobAs(request, employer.token, {
      job_title,
      location,
      job_description,
      skills: ['Dispensing', 'Stock control'],
      salary_min,
      salary_max,
    })
  const wanted = await post(
    uniqueTitle('Pharmacist'),
    'Bulawayo',
    1500,
    2000,
    'Dispense prescriptions and counsel patients at our Fife Street branch; MCAZ registration needed.',
  )
  const harare = await post(uniqueTitle('Pharmacist'), 'Harare', 1600, 2200, 'Run the dispensary of a busy Avondale pharmacy.')
  const shop = await post(uniqueTitle('Shop Assistant'), 'Bulawayo', 1000, 1200, 'Serve customers at the tills and keep the shelves full.')
  const lowPay = await post(uniqueTitle('Pharmacist'), 'Bulawayo', 300, 400, 'Weekend mornings behind the counter of a small chemist.')

  await signedInCandidate(page, request)
  await page.goto('/jobs')
  await expect(page.locator('article[data-job-id]')).toBeVisible()

  await page.getByRole('searchbox', { name: 'Search jobs' }).tap()
  await page.getByRole('searchbox', { name: 'Search jobs' }).fill('pharmacist')
  await page.getByRole('button', { name: 'Filters' }).tap()
  const filters = page.getByRole('dialog', { name: 'Filters' })
  await filters.getByLabel('Place').fill('Bulawayo')
  await filters.getByLabel('Minimum salary (US$)').fill('1000')
  const answer = feedAnswer(page, /q=pharmacist/)
  await filters.getByRole('button', { name: 'Show jobs' }).tap()

  const found = await answer
  expect(found).toContain(wanted)
  for (const other of [harare, shop, lowPay]) expect(found).not.toContain(other)
  await expect(card(page, found[0])).toBeVisible()
  await expect(page).toHaveURL(/\/jobs\?q=pharmacist&place=Bulawayo&min_salary=1000$/)
  await expect(page.getByRole('button', { name: 'Filters (2)' })).toBeVisible()

  const again = feedAnswer(page, /q=pharmacist/)
  await page.reload()
  expect(await again).toEqual(found)
  await expect(card(page, found[0])).toBeVisible()
  await expect(page.getByRole('searchbox', { name: 'Search jobs' })).toHaveValue('pharmacist')
  await page.getByRole('button', { name: 'Filters (2)' }).tap()
  await expect(page.getByRole('dialog', { name: 'Filters' }).getByLabel('Place')).toHaveValue('Bulawayo')
})

test('a search that finds nothing yet offers alerts for it, and the confirmation e-mail names the search', async ({ page, request }) => {
  const candidate = await signedInCandidate(page, request)
  const email = String(candidate.email)
  // A word no job on the shared server has: the search finds nothing.
  const word = `hydrotherapist${Date.now().toString(36)}`
  await page.goto(`/jobs?q=${word}&place=Gweru`)
  await expect(page.getByRole('heading', { name: 'No jobs match your search' })).toBeVisible()

  await page.getByRole('button', { name: 'E-mail me new jobs for this search' }).tap()
  const dialog = page.getByRole('dialog', { name: 'No More Jobs Available Right Now' })
  await expect(dialog).toContainText('new jobs for this search')
  await expect(dialog.getByLabel('Email')).toHaveValue(email)
  await dialog.getByRole('button', { name: 'Notify Me' }).tap()
  const words = `“${word}”, in Gweru`
  await expect(toast(page, "Thank you! We'll notify you when new jobs are available.")).toBeVisible()
  await expect(page.getByText(`Alerts for ${words}: to start them, follow the link we e-mail to ${email}.`)).toBeVisible()

  await expect.poll(() => mailsTo(email, 'Confirm your JobTap job alerts').length).toBe(1)
  expect(mailsTo(email, 'Confirm your JobTap job alerts')[0]).toContain(`to e-mail new jobs for ${words} to this address.`)
})
