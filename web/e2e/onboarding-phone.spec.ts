import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { handSessionToApp, signUpThroughApi, toast, uniqueEmail, type SessionAnswer } from './support/accounts.ts'
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations } from './support/a11y.ts'

// On a phone with a finger: onboarding survives a reload (the step and the fields come back, and
// the files, which are only sent at the end, are named to be chosen again), and a university not
// in the list is typed in full and saved.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

const resumePath = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'resumes', 'strong-developer.pdf')
const certificate = { name: 'first-aid.pdf', mimeType: 'application/pdf', buffer: readFileSync(resumePath) }
const LONG_UNIVERSITY = 'Chinhoyi University of Technology, School of Agricultural Sciences and Technology'

type SavedProfile = {
  profile: {
    full_name: string
    degree_class: string | null
    university: string | null
    skills: string[]
    experience_years: number | null
    default_resume: { file_name: string } | null
  }
  preferences: { preferred_locations: string[]; min_salary: number; max_salary: number; job_types: string[] } | null
}

/** Signs up a candidate through the API and opens the app as them, not yet onboarded; returns the API's auth header. */
async function newCandidate(page: Page, request: APIRequestContext, fullName: string) {
  const account = await signUpThroughApi(request, '/api/v1/auth/signup', { email: uniqueEmail('cand'), full_name: fullName })
  await handSessionToApp(page, account.body as unknown as SessionAnswer, { onboarded: false })
  return { Authorization: `Bearer ${account.token}` }
}

/** Step 4: the preferences, then Complete Setup, which lands on the feed. */
async function completeSetup(page: Page) {
  await expect(page.getByText('Step 4 of 4')).toBeVisible()
  await page.getByLabel('Preferred location').fill('Harare')
  await page.getByLabel('Minimum salary').fill('800')
  await page.getByLabel('Maximum salary').fill('1500')
  await page.getByRole('checkbox', { name: 'Full-time' }).tap()
  await page.getByRole('button', { name: 'Complete Setup' }).tap()
  await expect(toast(page, 'Profile setup complete!')).toBeVisible()
  await expect(page).toHaveURL('/jobs')
}

test('a reload on step 3 comes back to step 3 with what was typed, and names the files to choose again', async ({ page, request }) => {
  const auth = await newCandidate(page, request, 'Rudo Mhlanga')
  await page.goto('/onboarding')

  await expect(page.getByText('Step 1 of 4')).toBeVisible()
  await page.getByLabel('Full name').fill('Rudo T. Mhlanga')
  await page.getByLabel('Resume').setInputFiles(resumePath)
  await expect(page.getByRole('button', { name: 'Remove strong-developer.pdf' })).toBeVisible()
  await page.getByRole('button', { name: 'Next' }).tap()

  await expect(page.getByText('Step 2 of 4')).toBeVisible()
  await page.getByLabel('Certificates (optional)').setInputFiles(certificate)
  await expect(page.getByRole('button', { name: 'Remove first-aid.pdf' })).toBeVisible()
  await page.getByRole('button', { name: 'Next' }).tap()

  await expect(page.getByText('Step 3 of 4')).toBeVisible()
  await page.getByLabel('Degree class').selectOption('2.1 Class')
  await page.getByRole('combobox', { name: 'University', exact: true }).selectOption('NUST')
  await page.getByLabel('Skills').fill('React, TypeScript, SQL')
  await page.getByLabel('Years of experience').fill('3')

  // The phone's browser drops the tab, or the person pulls to refresh.
  await page.reload()

  await expect(page.getByText('Step 3 of 4')).toBeVisible()
  await expect(page.getByLabel('Degree class')).toHaveValue('2.1 Class')
  await expect(page.getByRole('combobox', { name: 'University', exact: true })).toHaveValue('NUST')
  await expect(page.getByLabel('Skills')).toHaveValue('React, TypeScript, SQL')
  await expect(page.getByLabel('Years of experience')).toHaveValue('3')
  await expect(page.getByRole('status').filter({ hasText: 'Your answers so far were kept.' })).toBeVisible()
  // The files were held by the page only: they are named to be chosen again, not shown as kept.
  const toChooseAgain = page.getByRole('region', { name: 'Choose these files again' })
  await expect(toChooseAgain.getByRole('listitem')).toHaveText([
    /strong-developer\.pdf.*Resume, step 1/,
    /first-aid\.pdf.*Certificate, step 2/,
  ])
  await expectNoHorizontalOverflow(page, 'step 3 after a reload')
  await expectNoSeriousA11yViolations(page, 'step 3 after a reload')

  await page.getByRole('button', { name: 'Back' }).tap()
  await expect(page.getByText('Step 2 of 4')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Remove first-aid.pdf' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Back' }).tap()
  await expect(page.getByText('Step 1 of 4')).toBeVisible()
  await expect(page.getByLabel('Full name')).toHaveValue('Rudo T. Mhlanga')
  await expect(page.getByRole('button', { name: 'Remove strong-developer.pdf' })).toHaveCount(0)
  await page.getByLabel('Resume').setInputFiles(resumePath)
  await expect(page.getByRole('button', { name: 'Remove strong-developer.pdf' })).toBeVisible()
  await expect(toChooseAgain.getByRole('listitem')).toHaveText([/first-aid\.pdf.*Certificate, step 2/])
  await page.getByRole('button', { name: 'Next' }).tap()

  await expect(page.getByText('Step 2 of 4')).toBeVisible()
  await page.getByLabel('Certificates (optional)').setInputFiles(certificate)
  await expect(page.getByRole('button', { name: 'Remove first-aid.pdf' })).toBeVisible()
  await expect(toChooseAgain).toHaveCount(0)
  await page.getByRole('button', { name: 'Next' }).tap()

  await expect(page.getByText('Step 3 of 4')).toBeVisible()
  await expect(page.getByLabel('Skills')).toHaveValue('React, TypeScript, SQL')
  await page.getByRole('button', { name: 'Next' }).tap()
  await completeSetup(page)

  // Finishing removes the draft from the tab.
  const drafts = await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('jobtap.onboarding-draft.')))
  expect(drafts).toEqual([])

  const saved = (await (await request.get('/api/v1/profile', { headers: auth })).json()) as SavedProfile
  expect(saved.profile).toMatchObject({
    full_name: 'Rudo T. Mhlanga',
    degree_class: '2.1 Class',
    university: 'NUST',
    skills: ['React', 'TypeScript', 'SQL'],
    experience_years: 3,
    default_resume: { file_name: 'strong-developer.pdf' },
  })
  expect(saved.preferences).toMatchObject({
    preferred_locations: ['Harare'],
    min_salary: 800,
    max_salary: 1500,
    job_types: ['Full-time'],
  })
  const documents = (await (await request.get('/api/v1/documents', { headers: auth })).json()) as {
    documents: { document_type: string; file_name: string }[]
  }
  expect(documents.documents.map((d) => `${d.document_type}: ${d.file_name}`).toSorted()).toEqual([
    'certificate: first-aid.pdf',
    'resume: strong-developer.pdf',
  ])
})

/** Signs up, chooses a resume and goes to step 3, where "Other" is chosen and `university` typed. */
async function typeOwnUniversity(page: Page, university: string) {
  await page.goto('/onboarding')
  await page.getByLabel('Resume').setInputFiles(resumePath)
  await expect(page.getByRole('button', { name: 'Remove strong-developer.pdf' })).toBeVisible()
  await page.getByRole('button', { name: 'Next' }).tap()
  await expect(page.getByText('Step 2 of 4')).toBeVisible()
  await page.getByRole('button', { name: 'Next' }).tap()

  await expect(page.getByText('Step 3 of 4')).toBeVisible()
  await page.getByLabel('Degree class').selectOption('2.2 Class')
  await page.getByRole('combobox', { name: 'University', exact: true }).selectOption('Other')
  const own = page.getByLabel('Your university')
  await own.fill(university)
  await expect(own).toHaveValue(university)
  await page.getByLabel('Skills').fill('Agronomy, Soil science')
  await page.getByLabel('Years of experience').fill('2')
}

/** The typed university's field is on the screen whole, and the page does not scroll sideways. */
async function expectOwnUniversityFits(page: Page) {
  await expectNoHorizontalOverflow(page, 'step 3 with a typed university')
  const box = await page.getByLabel('Your university').boundingBox()
  expect(box).not.toBeNull()
  expect(box!.x).toBeGreaterThanOrEqual(0)
  expect(box!.x + box!.width).toBeLessThanOrEqual(390)
}

test('a university not in the list is typed in full on a phone, fits it, and survives a reload', async ({ page, request }) => {
  await newCandidate(page, request, 'Tatenda Chirwa')
  await typeOwnUniversity(page, LONG_UNIVERSITY)
  await expectOwnUniversityFits(page)

  await page.reload()
  await expect(page.getByText('Step 3 of 4')).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'University', exact: true })).toHaveValue('Other')
  await expect(page.getByLabel('Your university')).toHaveValue(LONG_UNIVERSITY)
  await expectOwnUniversityFits(page)
})

test('a typed university is saved, and the profile form shows it again', async ({ page, request }) => {
  const auth = await newCandidate(page, request, 'Tatenda Chirwa')
  await typeOwnUniversity(page, LONG_UNIVERSITY)
  await page.getByRole('button', { name: 'Next' }).tap()
  await completeSetup(page)

  const saved = (await (await request.get('/api/v1/profile', { headers: auth })).json()) as SavedProfile
  expect(saved.profile.university).toBe(LONG_UNIVERSITY)

  await page.getByRole('link', { name: 'Edit your profile' }).tap()
  await expect(page).toHaveURL('/onboarding')
  await page.getByRole('button', { name: 'Next' }).tap()
  await expect(page.getByText('Step 2 of 4')).toBeVisible()
  await page.getByRole('button', { name: 'Next' }).tap()
  await expect(page.getByText('Step 3 of 4')).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'University', exact: true })).toHaveValue('Other')
  await expect(page.getByLabel('Your university')).toHaveValue(LONG_UNIVERSITY)
  await expectOwnUniversityFits(page)
})
