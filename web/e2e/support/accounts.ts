import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { confirmEmail } from './mail.ts'

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
  await confirmEmail(request, email)
  return { email, password: PASSWORD, fullName }
}

/** Creates an employer account through the API. */
export async function createEmployer(request: APIRequestContext) {
  const email = uniqueEmail('emp')
  const response = await request.post('/api/v1/auth/employer/signup', {
    data: { email, password: PASSWORD, full_name: 'Rudo Chikore', company_name: 'Acme Zimbabwe' },
  })
  expect(response.status()).toBe(201)
  await confirmEmail(request, email)
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

/** The fields of a sign-up (or sign-in) answer that make the app's session. */
export type SessionAnswer = {
  user: Record<string, unknown>
  access_token: string
  refresh_token: string
  expires_in: number
}

/**
 * Stores `answer` as the app's session (localStorage "jobtap.session", in the app's own format)
 * before any page script runs, as a sign-in would. Once per tab, and never over a stored session:
 * a sign-out in the test sticks, and a token the app has rotated is not replaced by a stale one.
 */
export async function handSessionToApp(page: Page, answer: SessionAnswer, overrides: { onboarded?: boolean } = {}) {
  const { user } = answer
  const session = {
    user: {
      id: user.id,
      email: user.email,
      fullName: user.full_name,
      companyName: user.company_name,
      companyRole: user.company_role ?? null,
      roles: user.roles,
      onboarded: overrides.onboarded ?? user.onboarded,
      hasAvatar: user.has_avatar,
      emailConfirmed: user.email_confirmed,
    },
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token,
    expiresAt: Math.floor(Date.now() / 1000) + Number(answer.expires_in),
    expiresIn: answer.expires_in,
  }
  await page.addInitScript((stored) => {
    if (sessionStorage.getItem('e2e.session-handed') !== null) return
    sessionStorage.setItem('e2e.session-handed', '1')
    if (localStorage.getItem('jobtap.session') === null) localStorage.setItem('jobtap.session', stored)
  }, JSON.stringify(session))
}

/** Signs up a candidate through the API and opens the app as them; returns the access token. */
export async function signedInCandidate(page: Page, request: APIRequestContext, fullName = 'Tariro Moyo'): Promise<string> {
  const answer = await confirmedSignUp(request, '/api/v1/auth/signup', {
    email: uniqueEmail('cand'),
    full_name: fullName,
  })
  await handSessionToApp(page, answer)
  return answer.access_token
}

/** Signs up an employer of "Acme Zimbabwe" through the API and opens the app as them; returns the access token. */
export async function signedInEmployer(page: Page, request: APIRequestContext): Promise<string> {
  const answer = await confirmedSignUp(request, '/api/v1/auth/employer/signup', {
    email: uniqueEmail('emp'),
    full_name: 'Rudo Chikore',
    company_name: 'Acme Zimbabwe',
  })
  await handSessionToApp(page, answer)
  return answer.access_token
}

/** A signed-up account: its bearer token and the sign-up answer. */
export type Account = { token: string; body: { user: Record<string, unknown> } & Record<string, unknown> }

/** Signs up through the API at `path` (candidate or employer sign-up) with the shared password. */
export async function signUpThroughApi(
  request: APIRequestContext,
  path: string,
  data: Record<string, string>,
): Promise<Account> {
  const body = await confirmedSignUp(request, path, data)
  return { token: body.access_token, body }
}

/**
 * Signs up through the API at `path` with the shared password and follows the confirmation link
 * e-mailed, as a person does before applying or publishing; the answer then says what the server
 * now knows (the address confirmed).
 */
export async function confirmedSignUp(
  request: APIRequestContext,
  path: string,
  data: Record<string, string>,
): Promise<SessionAnswer & Record<string, unknown>> {
  const response = await request.post(path, { data: { password: PASSWORD, ...data } })
  expect(response.status()).toBe(201)
  const body = (await response.json()) as SessionAnswer & Record<string, unknown>
  await confirmEmail(request, data.email)
  body.user = { ...body.user, email_confirmed: true }
  return body
}

/**
 * Switches an auth page to sign-up mode with its button named `name` ("Create an employer
 * account" on the employer's). The page is prerendered: the button does nothing until React has
 * hydrated it, so the click waits for the button to be React's.
 */
export async function openSignUp(page: Page, name = 'Sign up') {
  const button = page.getByRole('button', { name, exact: true })
  await expect
    .poll(() => button.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps'))))
    .toBe(true)
  await button.click()
}
