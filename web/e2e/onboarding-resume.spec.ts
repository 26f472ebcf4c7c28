import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { handSessionToApp, signUpThroughApi, toast, uniqueEmail, type SessionAnswer } from './support/accounts.ts'

// On a phone with a finger: the resume chosen at onboarding proposes the profile's
// skills, years, field and university; the person takes them, and only finishing saves them.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

const nurseDocx = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'resumes', 'writers', 'nurse.python-docx.docx')

test('a Word resume (python-docx) proposes step 3; "Use these" fills it and Complete Setup saves it', async ({ page, request }) => {
  const account = await signUpThroughApi(request, '/api/v1/auth/signup', { email: uniqueEmail('cand'), full_name: 'Rudo Mhlanga' })
  await handSessionToApp(page, account.body as unknown as SessionAnswer, { onboarded: false })
  await page.goto('/onboarding')

  await page.getByLabel('Resume').setInputFiles(nurseDocx)
  await expect(page.getByRole('button', { name: 'Remove nurse.python-docx.docx' })).toBeVisible()
  await page.getByRole('button', { name: 'Next' }).tap()
  await expect(page.getByText('Step 2 of 4')).toBeVisible()
  await page.getByRole('button', { name: 'Next' }).tap()

  await expect(page.getByText('Step 3 of 4')).toBeVisible()
  const proposal = page.getByRole('region', { name: 'From your resume' })
  await expect(proposal).toContainText('Field of study:BSc Nursing Science')
  await expect(proposal).toContainText('University:University of Zimbabwe (UZ)')
  await expect(proposal).toContainText('Skills:Patient care, wound care, medication administration, infection control, triage, BLS')
  await expect(page.getByLabel('Skills')).toHaveValue('')
  // The panel fits the phone's width.
  expect(await proposal.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)

  await proposal.getByRole('button', { name: 'Use these' }).tap()
  await expect(proposal).toHaveCount(0)
  await expect(page.getByLabel('Skills')).toHaveValue('Patient care, wound care, medication administration, infection control, triage, BLS')
  await expect(page.getByLabel('University')).toHaveValue('University of Zimbabwe (UZ)')
  await expect(page.getByLabel('Field of study')).toHaveValue('BSc Nursing Science')
  const years = await page.getByLabel('Years of experience').inputValue()
  expect(Number(years)).toBeGreaterThan(0)

  // Nothing is saved yet.
  const auth = { Authorization: `Bearer ${account.token}` }
  const before = (await (await request.get('/api/v1/profile', { headers: auth })).json()) as { profile: { skills: string[] } }
  expect(before.profile.skills).toEqual([])

  await page.getByLabel('Degree class').selectOption('2.1 Class')
  await page.getByRole('button', { name: 'Next' }).tap()
  await expect(page.getByText('Step 4 of 4')).toBeVisible()
  await page.getByLabel('Preferred location').fill('Harare')
  await page.getByLabel('Minimum salary').fill('800')
  await page.getByLabel('Maximum salary').fill('1500')
  await page.getByRole('checkbox', { name: 'Full-time' }).tap()
  await page.getByRole('button', { name: 'Complete Setup' }).tap()
  await expect(toast(page, 'Profile setup complete!')).toBeVisible()

  const after = (await (await request.get('/api/v1/profile', { headers: auth })).json()) as {
    profile: { skills: string[]; university: string; experience_years: number }
  }
  expect(after.profile.skills).toContain('Patient care')
  expect(after.profile.skills).toContain('BLS')
  expect(after.profile.university).toBe('University of Zimbabwe (UZ)')
  expect(after.profile.experience_years).toBe(Number(years))
})
