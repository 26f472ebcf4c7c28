import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { handSessionToApp, PASSWORD, signUpThroughApi, uniqueEmail, type SessionAnswer } from './accounts.ts'

// Helpers for the swipe feed and job page tests: real accounts, real onboarding
// and real jobs through the API, and a session handed to the app as a sign-in would.

const resumePdf = readFileSync(
  join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'fixtures', 'resumes', 'strong-developer.pdf'),
)



/** A candidate's onboarding answers (spec, candidate §2 "Onboarding"). */
export type CandidateProfile = {
  degreeClass: string
  university: string
  skills: string
  experienceYears: string
  /** The field of study, as typed at onboarding (optional there). */
  degreeField?: string
  /** A resume as text, uploaded and made the default after onboarding (the score reads its roles). */
  resumeText?: string
}

/** A registered nurse from the matching evaluation set (fixtures/matching), with her resume. */
export function nurseProfile(): CandidateProfile {
  const nurse = matchingCandidate('nurse')
  return {
    degreeClass: '2.1 Class',
    university: 'University of Zimbabwe (UZ)',
    skills: nurse.profile.skills.join(', '),
    experienceYears: '6',
    degreeField: 'BSc Nursing Science',
    resumeText: nurse.resume,
  }
}

type MatchingCandidate = { key: string; resume: string; profile: { skills: string[] } }

/** A candidate of the matching evaluation set (fixtures/matching/candidates.json). */
function matchingCandidate(key: string): MatchingCandidate {
  const candidates = JSON.parse(
    readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'fixtures', 'matching', 'candidates.json'), 'utf8'),
  ) as MatchingCandidate[]
  const found = candidates.find((c) => c.key === key)
  if (!found) throw new Error(`fixtures/matching/candidates.json has no ${key}`)
  return found
}

/**
 * Knows SQL and Python, 2.1 from NUST, 3 years, with a data analyst's resume (her roles
 * count as experience): meets the usual 20% threshold of analyst jobs easily.
 */
export const ANALYST: CandidateProfile = {
  degreeClass: '2.1 Class',
  university: 'NUST',
  skills: 'SQL, Python',
  experienceYears: '3',
  resumeText: matchingCandidate('data-analyst').resume,
}

/** Signs up and onboards a candidate through the API; returns their token and e-mail. */
export async function createOnboardedCandidate(
  request: APIRequestContext,
  profile: CandidateProfile = ANALYST,
  fullName = 'Tendai Moyo',
) {
  const email = uniqueEmail('cand')
  const account = await signUpThroughApi(request, '/api/v1/auth/signup', { email, full_name: fullName })
  const onboarded = await request.post('/api/v1/profile/onboarding', {
    headers: { Authorization: `Bearer ${account.token}` },
    multipart: {
      full_name: fullName,
      degree_class: profile.degreeClass,
      degree_field: profile.degreeField ?? '',
      university: profile.university,
      skills: profile.skills,
      experience_years: profile.experienceYears,
      preferred_location: 'Harare',
      min_salary: '1000',
      max_salary: '2500',
      job_types: 'Full-time',
      resume: { name: 'strong-developer.pdf', mimeType: 'application/pdf', buffer: resumePdf },
    },
  })
  expect(onboarded.status()).toBe(200)
  if (profile.resumeText !== undefined) {
    const auth = { Authorization: `Bearer ${account.token}` }
    const uploaded = await request.post('/api/v1/documents', {
      headers: auth,
      multipart: {
        document_type: 'resume',
        file: { name: 'resume.txt', mimeType: 'text/plain', buffer: Buffer.from(profile.resumeText) },
      },
    })
    expect(uploaded.status()).toBe(201)
    const { document } = (await uploaded.json()) as { document: { id: string } }
    expect((await request.put(`/api/v1/documents/${document.id}/default`, { headers: auth })).status()).toBe(200)
  }
  return { ...account, email, password: PASSWORD }
}

/** An onboarded candidate, signed in for `page`. */
export async function signedInCandidate(page: Page, request: APIRequestContext, profile: CandidateProfile = ANALYST) {
  const candidate = await createOnboardedCandidate(request, profile)
  await handSessionToApp(page, candidate.body as unknown as SessionAnswer, { onboarded: true })
  return candidate
}

/** A job for the feed; every test posts its own with a unique title, so no test depends on another's data. */
export type JobInput = {
  job_title: string
  skills?: string[]
  minimum_score_threshold?: number
  linkedin_url?: string
  application_email?: string
  requirements?: string[]
  benefits?: string[]
  job_description?: string
  required_degree_classes?: string[]
  location?: string
  salary_min?: number
  salary_max?: number
}

/** A unique job title: `{base} {random}`. */
export function uniqueTitle(base: string): string {
  return `${base} ${Math.random().toString(36).slice(2, 8).toUpperCase()}`
}

/** Signs up an employer and posts `job` through the API; returns the job's id. */
export async function postJob(request: APIRequestContext, job: JobInput): Promise<string> {
  const employer = await signUpThroughApi(request, '/api/v1/auth/employer/signup', {
    email: uniqueEmail('emp'),
    full_name: 'Rudo Chikore',
    company_name: 'Acme Zimbabwe',
  })
  return postJobAs(request, employer.token, job)
}

/** Posts `job` through the API as the employer whose bearer token is `token`; returns the job's id. */
export async function postJobAs(request: APIRequestContext, token: string, job: JobInput): Promise<string> {
  const response = await request.post('/api/v1/employer/jobs', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      company_name: 'Acme Zimbabwe',
      job_type: 'Full-time',
      job_description: 'Turn sales data into weekly reports with SQL and Python. You will work with the finance team.',
      location: 'Harare',
      skills: ['SQL', 'Python'],
      experience_years: 2,
      salary_min: 1200,
      salary_max: 2000,
      ...job,
    },
  })
  expect(response.status()).toBe(201)
  return (await response.json()).job.id
}

/** The card of job `jobId`. */
export function card(page: Page, jobId: string) {
  return page.locator(`article[data-job-id="${jobId}"]`)
}

/** Waits until the card on screen answers gestures (the core's wasm arrives after the first card). */
export async function gesturesReady(page: Page) {
  await expect(page.getByTestId('swipe-card')).toHaveAttribute('data-gestures', 'ready')
}

/**
 * Moves through the feed with "Next job" until job `jobId`'s card shows, ready for gestures. The
 * feed is shared with jobs other tests post at the same time, so a test finds
 * its own card instead of assuming it comes first.
 */
export async function showCard(page: Page, jobId: string, maxSteps = 80) {
  const wanted = card(page, jobId)
  const anyCard = page.locator('article[data-job-id]')
  await expect(anyCard).toBeVisible()
  for (let step = 0; step < maxSteps; step++) {
    if (await wanted.isVisible()) {
      await gesturesReady(page)
      return wanted
    }
    const current = await anyCard.getAttribute('data-job-id')
    await page.getByRole('button', { name: 'Next job' }).click()
    await expect(card(page, current ?? '')).toHaveCount(0)
  }
  throw new Error(`The feed never showed job ${jobId}`)
}
