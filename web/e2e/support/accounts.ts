import { expect, type APIRequestContext, type Page } from '@playwright/test'

/** A unique address for one test's account. */
export function uniqueEmail(kind: string): string {
  return `${kind}-${Date.now()}-${Math.random().toString(36).slice(2, 10)}@example.com`
}

export const PASSWORD = 'secret-pass-1'

/** Creates a candidate account through the API (for tests about something else). */
export async function createCandidate(request: APIRequestContext, fullName = 'Tariro Moyo') {
  const email = uniqueEmail('cand')
  const response = await request.post('/api/v1/auth/signup', {
    data: { email, password: PASSWORD, full_name: fullName },
  })
  expect(response.status()).toBe(201)
  return { email, password: PASSWORD, fullName }
}

/** Creates an employer account through the API. */
export async function createEmployer(request: APIRequestContext) {
  const email = uniqueEmail('emp')
  const response = await request.post('/api/v1/auth/employer/signup', {
    data: { email, password: PASSWORD, full_name: 'Rudo Chikore', company_name: 'Acme Zimbabwe' },
  })
  expect(response.status()).toBe(201)
  return { email, password: PASSWORD }
}

/** Signs in on /auth (the page must be open in sign-in mode). */
export async function signInOnAuthPage(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
}

/** A toast with exactly `text` (sonner's notifications). */
export function toast(page: Page, text: string) {
  return page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true })
}
