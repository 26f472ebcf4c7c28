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

// Screens not built yet that the spec leaves open to signed-out visitors (employer §6).
const comingSoon: Array<[string, string]> = [['/employer/bulk-import', 'Bulk Import']]

for (const [path, title] of comingSoon) {
  test(`${path} says plainly that "${title}" is coming soon`, async ({ page }) => {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(page.getByText('Coming soon', { exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/')
    await expect(page.getByRole('textbox')).toHaveCount(0)
  })
}

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
