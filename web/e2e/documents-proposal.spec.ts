import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { handSessionToApp, signUpThroughApi, toast, uniqueEmail, type SessionAnswer } from './support/accounts.ts'

// In My Documents, on a phone with a finger: a resume made the default proposes the
// profile's skills, years, field and university beside what the profile holds; the person edits
// and saves them, or says "Not now" and nothing changes.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

const resumes = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'resumes')
const firstResume = readFileSync(join(resumes, 'strong-developer.pdf'))
const nurseDocx = join(resumes, 'writers', 'nurse.python-docx.docx')
const accountantDocx = join(resumes, 'writers', 'accountant.libreoffice-order.docx')

type SavedProfile = {
  profile: { skills: string[]; university: string | null; experience_years: number | null; degree_field: string | null }
}

/** A candidate who finished onboarding through the API (typed skills, a first resume), signed in on the page. */
async function onboardedCandidate(page: Page, request: APIRequestContext) {
  const account = await signUpThroughApi(request, '/api/v1/auth/signup', { email: uniqueEmail('cand'), full_name: 'Rudo Mhlanga' })
  const auth = { Authorization: `Bearer ${account.token}` }
  const onboarding = await request.post('/api/v1/profile/onboarding', {
    headers: auth,
    multipart: {
      full_name: 'Rudo Mhlanga',
      degree_class: '2.1 Class',
      university: 'HIT',
      skills: 'Excel, Customer service',
      experience_years: '1',
      preferred_location: 'Harare',
      min_salary: '500',
      max_salary: '900',
      job_types: 'Full-time',
      resume: { name: 'first-cv.pdf', mimeType: 'application/pdf', buffer: firstResume },
    },
  })
  expect(onboarding.status()).toBe(200)
  await handSessionToApp(page, account.body as unknown as SessionAnswer, { onboarded: true })
  const profile = async () => (await (await request.get('/api/v1/profile', { headers: auth })).json()) as SavedProfile
  return { profile }
}

/** Uploads `file` as a resume on My Documents and makes it the default, by touch. */
async function uploadAndMakeDefault(page: Page, file: string, name: string) {
  await page.goto('/documents')
  await expect(page.getByRole('heading', { level: 1, name: 'My Documents' })).toBeVisible()
  await page.getByLabel('File', { exact: true }).setInputFiles(file)
  await page.getByRole('button', { name: 'Upload', exact: true }).tap()
  await expect(toast(page, 'Document uploaded successfully!')).toBeVisible()
  await page.getByRole('button', { name: `Set as default: ${name}` }).tap()
  await expect(toast(page, 'Set as default resume for applications!')).toBeVisible()
}

test('a Word resume made the default proposes the profile; edited and saved, the profile shows it', async ({ page, request }) => {
  const candidate = await onboardedCandidate(page, request)
  await uploadAndMakeDefault(page, nurseDocx, 'nurse.python-docx.docx')

  const proposal = page.getByRole('region', { name: 'From your resume' })
  await expect(proposal).toContainText('We read these in nurse.python-docx.docx, now your default resume.')
  await expect(proposal).toContainText(
    'Skills:Patient care, wound care, medication administration, infection control, triage, BLSYour profile now: Excel, Customer service',
  )
  await expect(proposal).toContainText('University:University of Zimbabwe (UZ)Your profile now: HIT')
  await expect(proposal).toContainText('Field of study:BSc Nursing ScienceYour profile now: not set')
  // The panel fits the phone's width.
  expect(await proposal.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  // Shown, not saved.
  expect((await candidate.profile()).profile.skills).toEqual(['Excel', 'Customer service'])

  await proposal.getByRole('button', { name: 'Use these' }).tap()
  const skills = proposal.getByLabel('Skills')
  await expect(skills).toHaveValue(
    'Excel, Customer service, Patient care, wound care, medication administration, infection control, triage, BLS',
  )
  await expect(proposal.getByLabel('University')).toHaveValue('University of Zimbabwe (UZ)')
  await expect(proposal.getByLabel('Field of study')).toHaveValue('BSc Nursing Science')
  const years = Number(await proposal.getByLabel('Years of experience').inputValue())
  expect(years).toBeGreaterThan(1)
  expect((await candidate.profile()).profile.skills).toEqual(['Excel', 'Customer service'])

  // The person drops a skill that no longer fits before saving.
  await skills.fill('Excel, Patient care, wound care, medication administration, infection control, triage, BLS')
  await proposal.getByRole('button', { name: 'Save to profile' }).tap()
  await expect(toast(page, 'Profile updated')).toBeVisible()
  const notes = page.getByRole('region', { name: /Notifications/ })
  await expect(notes).toContainText(
    'Skills added: Patient care, wound care, medication administration, infection control, triage, BLS. Skills removed: Customer service.',
  )
  await expect(notes).toContainText('University: University of Zimbabwe (UZ)')
  await expect(proposal).toHaveCount(0)

  const saved = (await candidate.profile()).profile
  expect(saved.skills).toEqual(['Excel', 'Patient care', 'wound care', 'medication administration', 'infection control', 'triage', 'BLS'])
  expect(saved.university).toBe('University of Zimbabwe (UZ)')
  expect(saved.experience_years).toBe(years)

  // The profile page (the header's avatar) shows what was saved.
  await page.getByRole('link', { name: 'Rudo Mhlanga, edit your profile' }).tap()
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Your Profile' })).toBeVisible()
  await page.getByRole('button', { name: 'Next' }).tap()
  await expect(page.getByText('Step 2 of 4')).toBeVisible()
  await page.getByRole('button', { name: 'Next' }).tap()
  await expect(page.getByText('Step 3 of 4')).toBeVisible()
  await expect(page.getByLabel('Skills')).toHaveValue(
    'Excel, Patient care, wound care, medication administration, infection control, triage, BLS',
  )
  await expect(page.getByLabel('University')).toHaveValue('University of Zimbabwe (UZ)')
})

test('"Not now" on the proposal of a new default resume saves nothing', async ({ page, request }) => {
  const candidate = await onboardedCandidate(page, request)
  const before = (await candidate.profile()).profile
  await uploadAndMakeDefault(page, accountantDocx, 'accountant.libreoffice-order.docx')

  const proposal = page.getByRole('region', { name: 'From your resume' })
  await expect(proposal).toContainText('Skills:IFRS, Financial Reporting, Auditing, Taxation')
  await expect(proposal).toContainText('University:NUSTYour profile now: HIT')
  await proposal.getByRole('button', { name: 'Not now' }).tap()
  await expect(proposal).toHaveCount(0)

  // The default resume changed; the profile did not, on its page nor on the server.
  await expect(page.getByRole('listitem', { name: 'accountant.libreoffice-order.docx' })).toContainText('Default')
  await page.getByRole('link', { name: 'Rudo Mhlanga, edit your profile' }).tap()
  await page.getByRole('button', { name: 'Next' }).tap()
  await expect(page.getByText('Step 2 of 4')).toBeVisible()
  await page.getByRole('button', { name: 'Next' }).tap()
  await expect(page.getByText('Step 3 of 4')).toBeVisible()
  await expect(page.getByLabel('Skills')).toHaveValue('Excel, Customer service')
  await expect(page.getByLabel('University')).toHaveValue('HIT')
  const after = (await candidate.profile()).profile
  expect([after.skills, after.university, after.experience_years, after.degree_field]).toEqual([
    before.skills,
    before.university,
    before.experience_years,
    before.degree_field,
  ])
})
