import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { openSignUp, PASSWORD, toast, uniqueEmail } from './support/accounts.ts'

/** A 1×1 PNG, a real image for the profile picture. */
const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures')
const resumePath = join(fixtures, 'resumes', 'strong-developer.pdf')

test('a new candidate signs up, completes the four onboarding steps and lands on /jobs', async ({ page }) => {
  await page.goto('/auth')
  await openSignUp(page)
  await page.getByLabel('Full Name').fill('Tariro Moyo')
  await page.getByLabel('Email').fill(uniqueEmail('cand'))
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Create Account' }).click()

  await expect(page).toHaveURL('/onboarding')
  await expect(toast(page, 'Account created! Please complete your profile.')).toBeVisible()
  const progress = page.getByRole('progressbar', { name: 'Setup progress' })

  // Step 1: the name is prefilled; a resume is required.
  await expect(page.getByText('Step 1 of 4')).toBeVisible()
  await expect(progress).toHaveAttribute('aria-valuenow', '1')
  await expect(page.getByLabel('Full name')).toHaveValue('Tariro Moyo')
  await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0)
  await expect(page.getByLabel('Resume')).toHaveAttribute('accept', '.pdf,.doc,.docx')
  await expect(page.getByText('PDF, DOC or DOCX (max 10MB)')).toBeVisible()
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(toast(page, 'Please upload your resume')).toBeVisible()
  await expect(page.getByText('Step 1 of 4')).toBeVisible()
  await page.getByLabel('Resume').setInputFiles(resumePath)
  await expect(page.getByRole('button', { name: 'Remove strong-developer.pdf' })).toBeVisible()
  await expect(page.getByLabel('Profile picture (optional)')).toHaveAttribute('accept', '.jpg,.jpeg,.png,.webp')
  await page.getByLabel('Profile picture (optional)').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: onePixelPng })
  await expect(page.getByRole('button', { name: 'Remove me.png' })).toBeVisible()
  await page.getByRole('button', { name: 'Next' }).click()

  // Step 2: certificates are optional, several allowed, each removable; Back keeps what was chosen.
  await expect(page.getByText('Step 2 of 4')).toBeVisible()
  const pdf = readFileSync(resumePath)
  await page.getByLabel('Certificates (optional)').setInputFiles([
    { name: 'first-aid.pdf', mimeType: 'application/pdf', buffer: pdf },
    { name: 'aws-practitioner.pdf', mimeType: 'application/pdf', buffer: pdf },
  ])
  const certificates = page.getByRole('list', { name: 'Chosen certificates' }).getByRole('listitem')
  await expect(certificates).toHaveCount(2)
  await page.getByRole('button', { name: 'Remove first-aid.pdf' }).click()
  await expect(certificates).toHaveCount(1)
  await page.getByRole('button', { name: 'Back' }).click()
  await expect(page.getByText('Step 1 of 4')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Remove strong-developer.pdf' })).toBeVisible()
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(certificates).toHaveCount(1)
  await page.getByRole('button', { name: 'Next' }).click()

  // Step 3: academic information.
  await expect(page.getByText('Step 3 of 4')).toBeVisible()
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(toast(page, 'Please fill in all academic information')).toBeVisible()
  await page.getByLabel('Degree class').selectOption('2.1 Class')
  await page.getByLabel('University').selectOption('NUST')
  await page.getByLabel('Skills').fill('React, TypeScript, SQL')
  await page.getByLabel('Years of experience').fill('3')
  await page.getByRole('button', { name: 'Next' }).click()

  // Step 4: preferences, then Complete Setup uploads everything.
  await expect(page.getByText('Step 4 of 4')).toBeVisible()
  await expect(progress).toHaveAttribute('aria-valuenow', '4')
  await page.getByRole('button', { name: 'Complete Setup' }).click()
  await expect(toast(page, 'Please fill in all preferences')).toBeVisible()
  await page.getByLabel('Preferred location').fill('Harare')
  await page.getByLabel('Minimum salary').fill('800')
  await page.getByLabel('Maximum salary').fill('1500')
  await page.getByRole('checkbox', { name: 'Full-time' }).check()
  await page.getByRole('checkbox', { name: 'Remote' }).check()
  await page.getByRole('button', { name: 'Complete Setup' }).click()

  await expect(page).toHaveURL('/jobs')
  await expect(toast(page, 'Profile setup complete!')).toBeVisible()
  // The header shows the uploaded picture, fetched with the token and shown through an object URL.
  const avatarLink = page.getByRole('link', { name: 'Edit your profile' })
  await expect(avatarLink.locator('img')).toHaveAttribute('src', /^blob:/)

  // The avatar leads back to onboarding, where everything is prefilled for editing.
  await page.getByRole('link', { name: 'Edit your profile' }).click()
  await expect(page).toHaveURL('/onboarding')
  await expect(page.getByText('Current resume: strong-developer.pdf')).toBeVisible()
  await expect(page.getByLabel('Full name')).toHaveValue('Tariro Moyo')
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByLabel('Degree class')).toHaveValue('2.1 Class')
  await expect(page.getByLabel('University')).toHaveValue('NUST')
  await expect(page.getByLabel('Skills')).toHaveValue('React, TypeScript, SQL')
  await expect(page.getByLabel('Years of experience')).toHaveValue('3')
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByLabel('Preferred location')).toHaveValue('Harare')
  await expect(page.getByRole('checkbox', { name: 'Remote' })).toBeChecked()
  await expect(page.getByRole('checkbox', { name: 'Part-time' })).not.toBeChecked()
})

test('a job opened before signing up opens after onboarding', async ({ page }) => {
  await page.goto('/job/mock-data-entry')
  await expect(page).toHaveURL('/auth')
  await openSignUp(page)
  await page.getByLabel('Full Name').fill('Nyasha Dube')
  await page.getByLabel('Email').fill(uniqueEmail('cand'))
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page).toHaveURL('/onboarding')

  await page.getByLabel('Resume').setInputFiles(resumePath)
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByLabel('Degree class').selectOption('Diploma')
  await page.getByLabel('University').selectOption('HIT')
  await page.getByLabel('Skills').fill('Excel')
  await page.getByLabel('Years of experience').fill('0')
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByLabel('Preferred location').fill('Bulawayo')
  await page.getByLabel('Minimum salary').fill('300')
  await page.getByLabel('Maximum salary').fill('600')
  await page.getByRole('checkbox', { name: 'Contract' }).check()
  await page.getByRole('button', { name: 'Complete Setup' }).click()

  await expect(page).toHaveURL('/job/mock-data-entry')
  await expect(toast(page, 'Profile setup complete!')).toBeVisible()
})

test('a resume that would be refused is refused when chosen; a Word file of any writer is taken', async ({ page }) => {
  await page.goto('/auth')
  await openSignUp(page)
  await page.getByLabel('Full Name').fill('Farai Ncube')
  await page.getByLabel('Email').fill(uniqueEmail('cand'))
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page).toHaveURL('/onboarding')

  // Named .pdf but not a PDF: the server's check, run by the core as the file is chosen.
  await page.getByLabel('Resume').setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just text') })
  await expect(toast(page, 'Resume must be a PDF, DOC or DOCX file')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Remove resume.pdf' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(toast(page, 'Please upload your resume')).toBeVisible()
  await expect(page.getByText('Step 1 of 4')).toBeVisible()

  // python-docx puts the Word parts in another order than Word: taken all the same, and saved.
  await page.getByLabel('Resume').setInputFiles(join(fixtures, 'resumes', 'writers', 'nurse.python-docx.docx'))
  await expect(page.getByRole('button', { name: 'Remove nurse.python-docx.docx' })).toBeVisible()
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByLabel('Degree class').selectOption('2.1 Class')
  await page.getByLabel('University').selectOption('Other')
  await page.getByLabel('Skills').fill('Patient care')
  await page.getByLabel('Years of experience').fill('5')
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByLabel('Preferred location').fill('Mutare')
  await page.getByLabel('Minimum salary').fill('500')
  await page.getByLabel('Maximum salary').fill('900')
  await page.getByRole('checkbox', { name: 'Part-time' }).check()
  await page.getByRole('button', { name: 'Complete Setup' }).click()
  await expect(toast(page, 'Profile setup complete!')).toBeVisible()
  await expect(page).toHaveURL('/jobs')
})
