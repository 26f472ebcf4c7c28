import { expect, test, type Page } from '@playwright/test'
import { toast } from './support/accounts.ts'
import { createOnboardedCandidate } from './support/feed.ts'

// "Where you're signed in" on a phone with a finger (390×844, touch): the account signs in on
// two phones with different browsers, Settings on one lists both, and signing the other out
// there refuses that phone's next request and sends it to sign in; then "Sign out everywhere
// else" ends the rest.

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36'
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1'

test.use({ ...PHONE, userAgent: ANDROID_CHROME })

/** Signs in on /auth with a finger. */
async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).tap()
  await expect(page).toHaveURL(/\/jobs$/)
}

test('Settings on a phone lists both phones and signs the other one out at once', async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  const candidate = await createOnboardedCandidate(request, undefined, 'Nyasha Dube')
  await signIn(page, candidate.email, candidate.password)
  const iphone = await browser.newContext({ ...PHONE, userAgent: IPHONE_SAFARI, baseURL })
  const otherPage = await iphone.newPage()
  await signIn(otherPage, candidate.email, candidate.password)

  await page.goto('/settings/notifications')
  const section = page.getByRole('region', { name: "Where you're signed in" })
  // The sign-up through the API (with this browser's user agent) is a third session.
  const here = section.getByRole('listitem').filter({ hasText: 'This device' })
  const there = section.getByRole('listitem').filter({ hasText: 'Safari on iPhone' })
  await expect(section.getByRole('listitem')).toHaveCount(3)
  await expect(here).toContainText('Chrome on Android')
  await expect(here).toContainText('Active now')
  await expect(here.getByRole('button')).toHaveCount(0)
  await expect(there).toContainText(/Last active (just now|\d+ minutes? ago)/)
  await expect(there).toContainText(/Signed in \w{3} \d{1,2}, \d{4} from 127\.0\.0\.1/)
  await expect(there).not.toContainText('This device')
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)

  await there.getByRole('button', { name: 'Sign out Safari on iPhone' }).tap()
  await expect(toast(page, 'Safari on iPhone was signed out')).toBeVisible()
  await expect(there).toHaveCount(0)
  await expect(here).toContainText('This device')

  // The iPhone's next request is refused and it lands on the sign-in page.
  const refused = otherPage.waitForResponse((r) => r.url().includes('/api/v1/') && r.status() === 401)
  await otherPage.goto('/applications')
  expect((await refused).status()).toBe(401)
  await expect(otherPage).toHaveURL(/\/auth$/)
  await expect(otherPage.getByRole('heading', { name: 'Welcome Back' })).toBeVisible()
  await iphone.close()

  // The rest at once; this phone stays signed in.
  await section.getByRole('button', { name: 'Sign out everywhere else' }).tap()
  await expect(toast(page, 'Signed out of 1 other device')).toBeVisible()
  await expect(section.getByRole('listitem')).toHaveCount(1)
  await page.reload()
  await expect(here).toContainText('Chrome on Android')
  await expect(section.getByRole('button', { name: 'Sign out everywhere else' })).toHaveCount(0)
})
