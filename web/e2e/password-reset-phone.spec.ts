import { expect, test, type Page, type Request } from '@playwright/test'
import { handSessionToApp, toast, type SessionAnswer } from './support/accounts.ts'
import { createOnboardedCandidate, signedInCandidate } from './support/feed.ts'
import { mailsTo } from './support/mail.ts'

// "Forgot password?" on a phone with a finger (390×844, touch), end to end: the link comes in
// the e-mail the server wrote to its outbox folder (the test server has no SMTP server, the
// embedded default of `make run`), sets a new password and signs in, and a session opened
// before on another phone is signed out on its next request. "Change password" in Settings too.

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }
test.use(PHONE)

const NEW_PASSWORD = 'jacaranda in October 1994'

/** Whether nothing covers the page sideways at the phone's width. */
async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
}

test('forgot password on a phone: the e-mailed link sets a new password, signs in, and the old session ends', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  const candidate = await createOnboardedCandidate(request)

  // Another phone, signed in before: its session must end with the reset.
  const signedIn = await request.post('/api/v1/auth/signin', {
    data: { email: candidate.email, password: candidate.password },
  })
  expect(signedIn.status()).toBe(200)
  const otherPhone = await browser.newContext({ ...PHONE, baseURL })
  const oldPage = await otherPhone.newPage()
  await handSessionToApp(oldPage, (await signedIn.json()) as SessionAnswer, { onboarded: true })
  await oldPage.goto('/applications')
  await expect(oldPage.getByRole('heading', { name: 'My Applications' })).toBeVisible()

  // Every request this phone makes, to see where the link's token goes.
  const requests: Request[] = []
  page.on('request', (r) => requests.push(r))

  await page.goto('/auth')
  await page.getByRole('link', { name: 'Forgot password?' }).tap()
  await expect(page).toHaveURL(/\/forgot-password$/)
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible()
  expect(await fitsWidth(page)).toBe(true)
  await page.getByLabel('Email').fill(candidate.email)
  await page.getByRole('button', { name: 'Send me a link' }).tap()
  await expect(
    page.getByText('If an account uses that address, we have sent it a link to set a new password.'),
  ).toBeVisible()

  await expect.poll(() => mailsTo(candidate.email, 'Set a new JobTap password').length).toBe(1)
  const text = mailsTo(candidate.email, 'Set a new JobTap password')[0]
  const link = /(http\S+\/reset-password#token=[\w-]+)/.exec(text)?.[1] ?? ''
  expect(new URL(link).origin).toBe(new URL(page.url()).origin)
  const token = new URL(link).hash.replace('#token=', '')
  expect(token).toHaveLength(43)

  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible()
  await expect(page.getByText(candidate.email)).toBeVisible()
  // The token is taken out of the address at once.
  await expect(page).toHaveURL(/\/reset-password$/)
  expect(await fitsWidth(page)).toBe(true)

  // A password the rule refuses: the server's message, under the field.
  const field = page.getByLabel('New password')
  await field.fill('abc')
  await page.getByRole('button', { name: 'Set my new password' }).tap()
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText(/^Password must be at least \d+ characters$/)).toBeVisible()

  await field.fill(NEW_PASSWORD)
  await page.getByRole('button', { name: 'Set my new password' }).tap()
  await expect(toast(page, 'Your password was changed')).toBeVisible()
  await expect(page).toHaveURL(/\/jobs$/)
  await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible()

  // The token went to this app's own API only, in request bodies, never in an address.
  const origin = new URL(page.url()).origin
  for (const r of requests) {
    expect(new URL(r.url()).origin, r.url()).toBe(origin)
    expect(r.url(), 'a token in an address').not.toContain(token)
    expect(r.headers()['referer'] ?? '', 'a token in a Referer').not.toContain(token)
  }
  const carried = requests.filter((r) => (r.postData() ?? '').includes(token)).map((r) => new URL(r.url()).pathname)
  // Checked once as the page opened, then sent with each of the two passwords.
  expect(carried.sort()).toEqual([
    '/api/v1/auth/password-reset/check',
    '/api/v1/auth/password-reset/confirm',
    '/api/v1/auth/password-reset/confirm',
  ])

  // The other phone's session has ended: its next request sends it to sign in.
  await oldPage.reload()
  await expect(oldPage).toHaveURL(/\/auth$/)
  await expect(oldPage.getByRole('heading', { name: 'Welcome Back' })).toBeVisible()
  await otherPhone.close()

  // The owner is told, and the link works once only.
  await expect.poll(() => mailsTo(candidate.email, 'Your JobTap password was changed').length).toBe(1)
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'This link no longer works' })).toBeVisible()
  await expect(page.getByText('This link has expired or was already used. Ask for a new one.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible()

  // The new password signs in; the old one does not.
  const withNew = await request.post('/api/v1/auth/signin', { data: { email: candidate.email, password: NEW_PASSWORD } })
  expect(withNew.status()).toBe(200)
  const withOld = await request.post('/api/v1/auth/signin', { data: { email: candidate.email, password: candidate.password } })
  expect(withOld.status()).toBe(401)
})

test('the employer sign-in offers "Forgot password?" too, and back leads to it', async ({ page }) => {
  await page.goto('/employer/auth')
  await page.getByRole('link', { name: 'Forgot password?' }).tap()
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible()
  await page.getByRole('link', { name: 'Back to sign in' }).tap()
  await expect(page).toHaveURL(/\/employer\/auth$/)
})

test('change password in Settings on a phone asks for the current one', async ({ page, request }) => {
  const candidate = await signedInCandidate(page, request)
  await page.goto('/settings/notifications')
  const section = page.getByRole('region', { name: 'Change password' })
  await section.getByLabel('Current password').fill('not my password')
  await section.getByLabel('New password').fill(NEW_PASSWORD)
  await section.getByRole('button', { name: 'Change password' }).tap()
  await expect(section.getByText('That password is not right')).toBeVisible()
  expect(await fitsWidth(page)).toBe(true)

  await section.getByLabel('Current password').fill(candidate.password)
  await section.getByRole('button', { name: 'Change password' }).tap()
  await expect(toast(page, 'Your password was changed')).toBeVisible()
  await expect(section.getByLabel('Current password')).toHaveValue('')
  await expect.poll(() => mailsTo(candidate.email, 'Your JobTap password was changed').length).toBe(1)
  const withNew = await request.post('/api/v1/auth/signin', { data: { email: candidate.email, password: NEW_PASSWORD } })
  expect(withNew.status()).toBe(200)
})
