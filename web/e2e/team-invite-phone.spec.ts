import { expect, test, type Page } from '@playwright/test'
import { signedInEmployer, toast, uniqueEmail } from './support/accounts.ts'
import { mailsTo } from './support/mail.ts'

// An employer's team, end to end against the real server: the admin invites a colleague in
// Settings, the invitation is the e-mail the server wrote to its outbox folder, and the colleague
// joins through its link on a phone with a finger (390×844, touch), landing on the company's jobs.

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }
const COMPANY = 'Acme Zimbabwe'
const JOB = 'Senior Pharmacist, Parirenyatwa Group of Hospitals Outpatient Dispensary'

/** Whether nothing covers the page sideways at the phone's width. */
async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
}

test('an admin invites a recruiter, who joins through the e-mailed link on a phone and works on the company’s jobs', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const token = await signedInEmployer(page, request)
  const posted = await request.post('/api/v1/employer/jobs', {
    headers: { Authorization: `Bearer ${token}` },
    data: { company_name: COMPANY, job_title: JOB, job_type: 'Full-time', job_description: 'Dispense and counsel.', location: 'Harare' },
  })
  expect(posted.status()).toBe(201)

  await page.goto('/settings/notifications')
  const team = page.getByRole('region', { name: 'Team' })
  await expect(team.getByText('Rudo Chikore')).toBeVisible()
  const colleague = uniqueEmail('recruiter')
  await team.getByLabel('E-mail address').fill(colleague)
  await team.getByRole('button', { name: 'Send invitation' }).click()
  await expect(toast(page, `Invitation e-mailed to ${colleague}`)).toBeVisible()
  await expect(team.getByText(colleague)).toBeVisible()

  const subject = `Join ${COMPANY} on JobTap`
  await expect.poll(() => mailsTo(colleague, subject).length).toBe(1)
  const text = mailsTo(colleague, subject)[0]
  expect(text).toContain(`Rudo Chikore invited you to join ${COMPANY} on JobTap as a recruiter`)
  const link = /(http\S+\/join-team#token=[\w-]+)/.exec(text)?.[1] ?? ''
  expect(new URL(link).hash.replace('#token=', '')).toHaveLength(43)

  const phone = await browser.newContext({ ...PHONE, baseURL })
  const onPhone = await phone.newPage()
  await onPhone.goto(link)
  await expect(onPhone.getByRole('heading', { name: `Join ${COMPANY}` })).toBeVisible()
  await expect(onPhone.getByText(colleague)).toBeVisible()
  // The token is taken out of the address at once.
  await expect(onPhone).toHaveURL(/\/join-team$/)
  expect(await fitsWidth(onPhone)).toBe(true)

  // A password the rule refuses: the server's message, under the field.
  await onPhone.getByLabel('Your full name').fill('Nyasha Tanatswa Mutasa-Chinembiri')
  const password = onPhone.getByLabel('Choose a password')
  await password.fill('abc')
  await onPhone.getByRole('button', { name: 'Join the team' }).tap()
  await expect(password).toHaveAttribute('aria-invalid', 'true')

  await password.fill('jacaranda in October 1994')
  await onPhone.getByRole('button', { name: 'Join the team' }).tap()
  await expect(toast(onPhone, `You joined ${COMPANY}`)).toBeVisible()
  await expect(onPhone).toHaveURL(/\/employer$/)
  await expect(onPhone.getByText(JOB)).toBeVisible()
  expect(await fitsWidth(onPhone)).toBe(true)
  // The job-board feed offered is the company's, the one that lists its jobs.
  const me = await request.get('/api/v1/auth/session', { headers: { Authorization: `Bearer ${token}` } })
  const companyId = ((await me.json()) as { user: { id: string } }).user.id
  const feed = onPhone.getByRole('link', { name: /\/jobs\.xml$/ })
  await expect(feed).toHaveAttribute('href', new RegExp(`/feeds/employers/${companyId}/jobs\\.xml$`))
  const board = await request.get(new URL(await feed.getAttribute('href') ?? '').pathname)
  expect(await board.text()).toContain('Senior Pharmacist')

  // The admin's team now lists the recruiter, and the invitation no longer waits.
  await page.reload()
  await expect(team.getByText('Nyasha Tanatswa Mutasa-Chinembiri')).toBeVisible()
  await expect(team.getByLabel('Role of Nyasha Tanatswa Mutasa-Chinembiri')).toHaveValue('recruiter')
  await expect(team.getByText('Invitations waiting')).toHaveCount(0)

  // The link worked once.
  await onPhone.goto(link)
  await expect(onPhone.getByRole('heading', { name: 'This invitation no longer works' })).toBeVisible()
  await phone.close()
})
