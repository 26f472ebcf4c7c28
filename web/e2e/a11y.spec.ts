import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations as axe, focusIndicator, tabUntil } from './support/a11y.ts'
import { openSignUp, signedInCandidate as signedInNewCandidate, signedInEmployer } from './support/accounts.ts'
import { applyTo, openSignedIn, postJob as postEmployerJob, signUpEmployer, signUpOnboardedCandidate } from './support/applying.ts'
import { card, postJob, showCard, signedInCandidate, uniqueTitle } from './support/feed.ts'

// Every page and the main dialogs pass axe-core's WCAG 2.0/2.1 A and AA rules with no serious or
// critical violation, and the feed, menus, dialogs and post-job form work by keyboard
// with a visible focus ring. Animations are reduced so axe never measures a half-faded element.

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures')

// One axe-core pass takes a few seconds on a loaded two-core machine, and these tests make many.
test.describe.configure({ timeout: 120_000 })

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
})

test('public pages: landing and its dialogs, sign-in and sign-up, employer portal, HR API, 404', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Double Tap For Your Dream Job' })).toBeVisible()
  await axe(page, 'the landing page')
  for (const name of ['Location', 'Privacy Policy']) {
    await page.getByRole('button', { name }).click()
    const dialog = page.getByRole('dialog', { name })
    await expect(dialog).toBeVisible()
    await axe(page, `the ${name} dialog`)
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
  }

  await page.goto('/auth')
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible()
  await axe(page, '/auth (sign in)')
  await openSignUp(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Get Started' })).toBeVisible()
  await axe(page, '/auth (sign up)')

  await page.goto('/employer/auth')
  await expect(page.getByRole('heading', { level: 1, name: 'Employer Portal' })).toBeVisible()
  await axe(page, '/employer/auth')

  await page.goto('/hr-api')
  await expect(page.getByRole('heading', { level: 1, name: 'JobTap HR API' })).toBeVisible()
  await axe(page, '/hr-api')

  await page.goto('/employer/post-job')
  await expect(page.getByRole('heading', { name: 'Sign in to post a job' })).toBeVisible()
  await axe(page, '/employer/post-job signed out')

  await page.goto('/no-such-page')
  await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible()
  await axe(page, 'the 404 page')
})

test('onboarding: each of the four steps', async ({ page, request }) => {
  await signedInNewCandidate(page, request)
  await page.goto('/onboarding')
  await expect(page.getByText('Step 1 of 4')).toBeVisible()
  await axe(page, 'onboarding step 1')
  await page.getByLabel('Resume').setInputFiles(join(fixtures, 'resumes', 'strong-developer.pdf'))
  await expect(page.getByRole('button', { name: 'Remove strong-developer.pdf' })).toBeVisible()
  await axe(page, 'onboarding step 1 with a resume chosen')
  for (const step of [2, 3, 4]) {
    await page.getByRole('button', { name: 'Next' }).click()
    await expect(page.getByText(`Step ${step} of 4`)).toBeVisible()
    if (step === 3) {
      await page.getByLabel('Degree class').selectOption({ index: 1 })
      await page.getByLabel('University').selectOption({ index: 1 })
      await page.getByRole('textbox', { name: 'Skills', exact: true }).fill('SQL, Python')
      await page.getByLabel('Years of experience').fill('3')
    }
    await expect(page.getByRole('button', { name: 'Back' })).toBeEnabled()
    await axe(page, `onboarding step ${step}`)
  }
})

test('candidate: the feed with a card, its dialogs, the chat widget and the resume dialog', async ({ page, request }) => {
  const candidate = await signUpOnboardedCandidate(request, 'Tendai Moyo')
  const title = uniqueTitle('Accessible Analyst')
  const id = await postJob(request, { job_title: title, application_email: 'jobs@acme.example' })
  await openSignedIn(page, candidate)

  await page.goto('/jobs')
  const job = await showCard(page, id)
  await expect(job.getByRole('heading', { name: title })).toBeVisible()
  await axe(page, '/jobs with a card')

  await job.getByRole('button', { name: 'View full description' }).click()
  await expect(page.getByRole('dialog', { name: title })).toBeVisible()
  await axe(page, 'the full-description dialog')
  await page.keyboard.press('Escape')

  await page.getByRole('button', { name: 'Apply to job' }).click()
  const method = page.getByRole('dialog', { name: 'Choose Application Method' })
  await expect(method).toBeVisible()
  await axe(page, 'the Choose Application Method dialog')
  await method.getByRole('button', { name: 'Cancel' }).click()
  await expect(method).toHaveCount(0)

  await page.getByRole('button', { name: 'Open SwipeJob AI' }).click()
  await expect(page.getByRole('dialog', { name: 'SwipeJob AI' })).toBeVisible()
  await axe(page, 'the chat widget')
  await page.getByRole('button', { name: 'Close SwipeJob AI' }).click()

  await page.getByRole('navigation', { name: 'Candidate' }).getByRole('button', { name: 'Upgrade Resume' }).click()
  const upgrade = page.getByRole('dialog', { name: 'Upgrade Your Resume' })
  await expect(upgrade).toBeVisible()
  await axe(page, 'the resume upgrade dialog')
  await upgrade.getByLabel('Resume file').setInputFiles(join(fixtures, 'resumes', 'weak-analyst.txt'))
  await upgrade.getByRole('button', { name: 'Analyze Resume' }).click()
  await expect(upgrade.getByRole('group', { name: 'ATS score', exact: true })).toBeVisible()
  await axe(page, 'the resume upgrade dialog with a score')
  await page.keyboard.press('Escape')
})

test('candidate: the job page, applications with data, documents, interview practice', async ({ page, request }) => {
  const employer = await signUpEmployer(request)
  const appliedJob = await postEmployerJob(request, employer, uniqueTitle('Applied Analyst'))
  const candidate = await signUpOnboardedCandidate(request, 'Tendai Moyo')
  await applyTo(request, candidate, appliedJob)
  const title = uniqueTitle('Accessible Analyst')
  const id = await postJob(request, { job_title: title })
  await openSignedIn(page, candidate)

  await page.goto(`/job/${id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Job Details' })).toBeVisible()
  await expect(page.getByRole('article', { name: title })).toBeVisible()
  await axe(page, '/job/:id')

  await page.goto('/applications')
  await expect(page.getByRole('heading', { level: 1, name: 'My Applications' })).toBeVisible()
  await expect(page.getByRole('article').first()).toBeVisible()
  await axe(page, '/applications with an application')

  await page.goto('/documents')
  await expect(page.getByRole('heading', { level: 1, name: 'My Documents' })).toBeVisible()
  await expect(page.getByText('strong-developer.pdf').first()).toBeVisible()
  await axe(page, '/documents with a resume')

  await page.goto('/interview-prep')
  await expect(page.getByRole('heading', { name: 'Interview Practice' })).toBeVisible()
  await axe(page, '/interview-prep')
})

/** An employer with one job that one candidate applied to, signed in for `page`. */
async function employerWithApplicant(page: Page, request: APIRequestContext) {
  const employer = await signUpEmployer(request)
  const jobId = await postEmployerJob(request, employer, uniqueTitle('Data Analyst'))
  const candidate = await signUpOnboardedCandidate(request, 'Nyasha Dube')
  await applyTo(request, candidate, jobId)
  await openSignedIn(page, employer)
}

test('employer: dashboard tabs, the edit dialog and every post-job tab', async ({ page, request }) => {
  await employerWithApplicant(page, request)
  await page.goto('/employer')
  await expect(page.getByRole('heading', { level: 1, name: 'Employer Dashboard' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Edit' }).first()).toBeVisible()
  await axe(page, '/employer (Jobs tab)')
  await page.getByRole('button', { name: 'Edit' }).first().click()
  const edit = page.getByRole('dialog', { name: 'Edit Job Posting' })
  await expect(edit).toBeVisible()
  await axe(page, 'the Edit Job Posting dialog')
  await page.keyboard.press('Escape')
  await expect(edit).toHaveCount(0)
  await page.getByRole('button', { name: /^Hiring stages of / }).first().click()
  const stages = page.getByRole('dialog', { name: 'Hiring stages' })
  await expect(stages.getByRole('button', { name: 'Add stage' })).toBeVisible()
  await axe(page, 'the Hiring stages dialog')
  await page.keyboard.press('Escape')
  await expect(stages).toHaveCount(0)
  await page.getByRole('tab', { name: 'Applications' }).click()
  await expect(page.getByText('Nyasha Dube').first()).toBeVisible()
  await axe(page, '/employer (Applications tab)')
  await page.getByRole('tab', { name: 'Analytics' }).click()
  await expect(page.getByRole('tabpanel')).toContainText(/Total/)
  await axe(page, '/employer (Analytics tab)')

  await page.goto('/employer/post-job')
  await expect(page.getByRole('heading', { level: 1, name: 'Post a Job' })).toBeVisible()
  for (const tab of ['Basic', 'Education', 'Requirements', 'Benefits', 'Compensation']) {
    await page.getByRole('tab', { name: tab }).click()
    await axe(page, `/employer/post-job (${tab})`)
  }
})

test('employer: bulk import with a preview, applications and the candidate dialog, analytics', async ({ page, request }) => {
  await employerWithApplicant(page, request)
  await page.goto('/employer/bulk-import')
  await expect(page.getByRole('heading', { level: 1, name: 'Bulk Import' })).toBeVisible()
  await axe(page, '/employer/bulk-import')
  await page.getByLabel('Choose CSV file').setInputFiles(join(fixtures, 'csv', 'row-errors.csv'))
  await expect(page.getByRole('region', { name: 'CSV preview' })).toBeVisible()
  await axe(page, '/employer/bulk-import with a preview')

  await page.goto('/employer/applications')
  await expect(page.getByText('Nyasha Dube').first()).toBeVisible()
  await axe(page, '/employer/applications')
  await page.getByRole('button', { name: 'View Candidate' }).first().click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await axe(page, 'the candidate dialog')
  await page.keyboard.press('Escape')

  await page.goto('/employer/analytics')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText(/Total/).first()).toBeVisible()
  await axe(page, '/employer/analytics')
})

/** Whether the focused element is the button or link named `name`. */
function focusedIs(page: Page, name: string) {
  return () => page.evaluate((wanted) => {
    const el = document.activeElement
    return el !== null && (el.getAttribute('aria-label') === wanted || el.textContent?.trim() === wanted)
  }, name)
}

test('keyboard: the feed card actions, their announcements, the side menu and a dialog', async ({ page, request }) => {
  await signedInCandidate(page, request)
  const first = await postJob(request, { job_title: uniqueTitle('Keyboard Analyst') })
  await page.goto('/jobs')
  const job = await showCard(page, first)
  const announcer = page.getByTestId('feed-announcer')
  await expect(announcer).toHaveAttribute('aria-live', 'polite')
  await expect(announcer).toHaveAttribute('role', 'status')

  // From the top of the page, Tab reaches every card action; each shows a focus ring.
  await page.locator('body').focus()
  await tabUntil(page, focusedIs(page, 'View full description'), 'the magnifier')
  await page.keyboard.press('Enter')
  const description = page.getByRole('dialog')
  await expect(description).toBeVisible()
  // The dialog keeps focus inside it; Escape closes it and focus returns to the magnifier.
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab')
    expect(await description.evaluate((d) => d.contains(document.activeElement))).toBe(true)
    expect((await focusIndicator(page)).visible).toBe(true)
  }
  await page.keyboard.press('Escape')
  await expect(description).toHaveCount(0)
  await expect(job.getByRole('button', { name: 'View full description' })).toBeFocused()

  await tabUntil(page, focusedIs(page, 'Reject job'), 'Reject job')
  const jobId = await job.getAttribute('data-job-id')
  await page.keyboard.press('Enter')
  await expect(announcer).toHaveText('Job rejected')
  await expect(card(page, jobId ?? '')).toHaveCount(0)

  // Undo brings the card back and says so; Space presses a focused button too. Undo is then
  // disabled, and focus moves to the card's first action instead of dropping to the page.
  const actions = page.getByRole('group', { name: 'Job actions' })
  await tabUntil(page, focusedIs(page, 'Undo last swipe'), 'Undo last swipe')
  await page.keyboard.press('Space')
  await expect(card(page, jobId ?? '')).toBeVisible()
  await expect(announcer).toHaveText('Last swipe undone')
  await expect(actions.getByRole('button', { name: 'Reject job' })).toBeFocused()

  // Apply opens the method dialog; Escape closes it and focus returns to Apply.
  await page.keyboard.press('Tab')
  await expect(actions.getByRole('button', { name: 'Apply to job' })).toBeFocused()
  expect((await focusIndicator(page)).visible).toBe(true)
  await page.keyboard.press('Space')
  const method = page.getByRole('dialog', { name: 'Choose Application Method' })
  await expect(method).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(method).toHaveCount(0)
  await expect(actions.getByRole('button', { name: 'Apply to job' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(actions.getByRole('button', { name: 'Copy job link' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(actions.getByRole('button', { name: 'Next job' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(announcer).toHaveText('Job skipped')
  await expect(card(page, jobId ?? '')).toHaveCount(0)

  // The header on a small screen: the side menu opens on Enter, traps nothing, closes on Escape.
  await page.setViewportSize({ width: 390, height: 844 })
  const menuButton = page.getByRole('button', { name: 'Menu' })
  await menuButton.focus()
  await page.keyboard.press('Enter')
  const menu = page.getByRole('navigation', { name: 'Candidate menu' })
  await expect(menu.getByRole('link', { name: 'Prepare Interview' })).toBeFocused()
  expect((await focusIndicator(page)).visible).toBe(true)
  await page.keyboard.press('Escape')
  await expect(menu).toHaveCount(0)
  await expect(menuButton).toBeFocused()
  await page.keyboard.press('Enter')
  await page.keyboard.press('Tab')
  await expect(menu.getByRole('button', { name: 'Upgrade Resume' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(menu.getByRole('link', { name: 'Documents' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL('/documents')
})

test('keyboard: the employer post-job form is filled and sent without a mouse', async ({ page, request }) => {
  await signedInEmployer(page, request)
  await page.goto('/employer/post-job')
  await expect(page.getByRole('heading', { level: 1, name: 'Post a Job' })).toBeVisible()
  await page.locator('body').focus()
  await tabUntil(page, () => page.getByLabel('Job title').evaluate((el) => el === document.activeElement), 'Job title')
  await page.keyboard.type('Keyboard Analyst')
  await tabUntil(page, () => page.getByLabel('Job type').evaluate((el) => el === document.activeElement), 'Job type')
  await page.getByLabel('Job type').selectOption('Full-time')
  await tabUntil(page, () => page.getByLabel('Job description').evaluate((el) => el === document.activeElement), 'Job description')
  await page.keyboard.type('Turn sales data into weekly reports with SQL and Python.')
  await tabUntil(page, () => page.getByLabel('Location').evaluate((el) => el === document.activeElement), 'Location')
  await page.keyboard.type('Harare')

  // The tabs follow the arrow keys; every other tab's fields are optional.
  await page.getByRole('tab', { name: 'Basic' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('tab', { name: 'Education' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('tab', { name: 'Education' })).toBeFocused()
  expect((await focusIndicator(page)).visible).toBe(true)

  await tabUntil(page, focusedIs(page, 'Post Job'), 'Post Job', 60)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL('/employer')
  await expect(page.getByRole('article', { name: 'Keyboard Analyst' })).toBeVisible()
})
