import { expect, test } from '@playwright/test'

test('an unknown address shows the 404 page with a working link home', async ({ page }) => {
  await page.goto('/no-such-page')
  await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible()
  await page.getByRole('link', { name: 'Return to Home' }).click()
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Double Tap For Your Dream Job' })).toBeVisible()
})

test('/employer-auth lands on /employer/auth', async ({ page }) => {
  await page.goto('/employer-auth')
  await expect(page).toHaveURL('/employer/auth')
  await expect(page.getByRole('heading', { level: 1, name: 'Employer Portal' })).toBeVisible()
})

test('the landing footer Login for employers follows the redirect', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('navigation', { name: 'Employer' }).getByRole('link', { name: 'Login' }).click()
  await expect(page).toHaveURL('/employer/auth')
})

// Signed-out visitors are sent to the sign-in page of their side (candidate §6, employer §6).
const guarded: Array<[string, string, string]> = [
  ['/jobs', '/auth', 'Welcome Back'],
  ['/applications', '/auth', 'Welcome Back'],
  ['/documents', '/auth', 'Welcome Back'],
  ['/interview-prep', '/auth', 'Welcome Back'],
  ['/onboarding', '/auth', 'Welcome Back'],
  ['/employer', '/employer/auth', 'Employer Portal'],
  ['/employer/applications', '/employer/auth', 'Employer Portal'],
  ['/employer/analytics', '/employer/auth', 'Employer Portal'],
]

for (const [path, target, heading] of guarded) {
  test(`${path} sends a signed-out visitor to ${target}`, async ({ page }) => {
    await page.goto(path)
    await expect(page).toHaveURL(target)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
  })
}
