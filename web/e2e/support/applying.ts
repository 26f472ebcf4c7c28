import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { handSessionToApp, signUpThroughApi, uniqueEmail, type Account, type SessionAnswer } from './accounts.ts'

// Accounts, jobs and applications made through the API, for tests about the
// pages that show them; the session is handed to the app as a sign-in would.

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'fixtures')
const resumePath = join(fixtures, 'resumes', 'strong-developer.pdf')

/** The resume every candidate made here onboards with. */
export const resumePdf = readFileSync(resumePath)
export const RESUME_NAME = 'strong-developer.pdf'

export type { Account }

/** The Authorization header of an account. */
export function auth(account: Account) {
  return { Authorization: `Bearer ${account.token}` }
}


/** An employer of "Acme Zimbabwe". */
export function signUpEmployer(request: APIRequestContext): Promise<Account> {
  return signUpThroughApi(request, '/api/v1/auth/employer/signup', {
    email: uniqueEmail('emp'),
    full_name: 'Rudo Chikore',
    company_name: 'Acme Zimbabwe',
  })
}

/** A candidate who has completed onboarding (2.1 Class, NUST, SQL and Python, 3 years, a PDF resume). */
export async function signUpOnboardedCandidate(request: APIRequestContext, fullName: string): Promise<Account> {
  const account = await signUpThroughApi(request, '/api/v1/auth/signup', { email: uniqueEmail('cand'), full_name: fullName })
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
  // What the server says of this account from now on (it has a default resume).
  account.body.user.onboarded = true
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
  await handSessionToApp(page, account.body as unknown as SessionAnswer)
}

/**
 * A nurse who signs up, onboards in her own words (two skills typed in a hurry, 4 years, a PDF
 * resume) and applies to `jobId`; returns her address.
 */
export async function nurseApplies(request: APIRequestContext, jobId: string, fullName: string): Promise<string> {
  const email = uniqueEmail('cand')
  const { token } = await signUpThroughApi(request, '/api/v1/auth/signup', { email, full_name: fullName })
  const headers = { Authorization: `Bearer ${token}` }
  const onboarded = await request.post('/api/v1/profile/onboarding', {
    headers,
    multipart: {
      full_name: fullName,
      degree_class: '2.1 Class',
      university: 'NUST',
      skills: 'triaging walk ins, dressings',
      experience_years: '4',
      preferred_location: 'Harare',
      min_salary: '900',
      max_salary: '1800',
      job_types: 'Full-time',
      resume: { name: 'resume.pdf', mimeType: 'application/pdf', buffer: resumePdf },
    },
  })
  expect(onboarded.status(), await onboarded.text()).toBe(200)
  const applied = await request.post('/api/v1/applications', { headers, data: { job_id: jobId } })
  expect(applied.status(), await applied.text()).toBe(201)
  return email
}

/** Posts a full-time nursing job in Harare (triage and wound care, 2 years) for `token`'s employer; returns its id. */
export async function postNurseJob(
  request: APIRequestContext,
  token: string,
  job: { company: string; title: string; description: string },
): Promise<string> {
  const posted = await request.post('/api/v1/employer/jobs', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      company_name: job.company,
      job_title: job.title,
      job_type: 'Full-time',
      job_description: job.description,
      location: 'Harare',
      skills: ['Triage', 'Wound care'],
      experience_years: 2,
    },
  })
  expect(posted.status()).toBe(201)
  return (await posted.json()).job.id
}
