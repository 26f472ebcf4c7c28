import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { PASSWORD, uniqueEmail } from './accounts.ts'

// Accounts, jobs and applications made through the API, for tests about the
// pages that show them; the session is handed to the app as a sign-in would.

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'fixtures')
const resumePath = join(fixtures, 'resumes', 'strong-developer.pdf')

/** The resume every candidate made here onboards with. */
export const resumePdf = readFileSync(resumePath)
export const RESUME_NAME = 'strong-developer.pdf'

/** A signed-up account: its bearer token and the sign-up answer. */
export type Account = { token: string; body: { user: Record<string, unknown> } & Record<string, unknown> }

/** The Authorization header of an account. */
export function auth(account: Account) {
  return { Authorization: `Bearer ${account.token}` }
}

async function signUp(request: APIRequestContext, path: string, data: Record<string, string>): Promise<Account> {
  const response = await request.post(path, { data: { password: PASSWORD, ...data } })
  expect(response.status()).toBe(201)
  const body = await response.json()
  return { token: body.access_token, body }
}

/** An employer of "Acme Zimbabwe". */
export function signUpEmployer(request: APIRequestContext): Promise<Account> {
  return signUp(request, '/api/v1/auth/employer/signup', {
    email: uniqueEmail('emp'),
    full_name: 'Rudo Chikore',
    company_name: 'Acme Zimbabwe',
  })
}

/** A candidate who has completed onboarding (2.1 Class, NUST, SQL and Python, 3 years, a PDF resume). */
export async function signUpOnboardedCandidate(request: APIRequestContext, fullName: string): Promise<Account> {
  const account = await signUp(request, '/api/v1/auth/signup', { email: uniqueEmail('cand'), full_name: fullName })
  const onboarded = await request.post('/api/v1/profile/onboarding', {
    headers: auth(account),
    multipart: {
      full_name: fullName,
      degree_class: '2.1 Class',
      university: 'NUST',
      skills: 'SQL, Python',
      experience_years: '3',
      preferred_location: 'Harare',
      min_salary: '1000',
      max_salary: '2500',
      job_types: 'Full-time',
      resume: { name: RESUME_NAME, mimeType: 'application/pdf', buffer: resumePdf },
    },
  })
  expect(onboarded.status()).toBe(200)
  return account
}

/** Posts a job in Harare (SQL and Python, $1,200 to $2,400) and returns its id. */
export async function postJob(request: APIRequestContext, employer: Account, title: string): Promise<string> {
  const response = await request.post('/api/v1/employer/jobs', {
    headers: auth(employer),
    data: {
      company_name: 'Acme Zimbabwe',
      job_title: title,
      job_type: 'Full-time',
      job_description: 'Turn sales data into weekly reports with SQL and Python.',
      location: 'Harare',
      salary_min: 1200,
      salary_max: 2400,
      skills: ['SQL', 'Python'],
      experience_years: 2,
    },
  })
  expect(response.status()).toBe(201)
  return (await response.json()).job.id
}

/** Applies to `jobId` (the server scores the profile and writes the letter); returns the application. */
export async function applyTo(
  request: APIRequestContext,
  candidate: Account,
  jobId: string,
): Promise<{ id: string; applied_at: number; cover_letter: string }> {
  const response = await request.post('/api/v1/applications', { headers: auth(candidate), data: { job_id: jobId } })
  expect(response.status()).toBe(201)
  return response.json()
}

/** Opens the app signed in as `account`: its session is stored the way the app stores it, before any page loads. */
export async function openSignedIn(page: Page, account: Account) {
  const { body, token } = account
  const user = body.user
  const session = {
    user: {
      id: user.id,
      email: user.email,
      fullName: user.full_name,
      companyName: user.company_name,
      roles: user.roles,
      onboarded: user.onboarded,
      hasAvatar: user.has_avatar,
    },
    accessToken: token,
    refreshToken: body.refresh_token,
    expiresAt: Math.floor(Date.now() / 1000) + Number(body.expires_in),
    expiresIn: body.expires_in,
  }
  await page.addInitScript((stored) => {
    if (localStorage.getItem('jobtap.session') === null) localStorage.setItem('jobtap.session', stored)
  }, JSON.stringify(session))
}
