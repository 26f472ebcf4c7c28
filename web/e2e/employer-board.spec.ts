import { expect, test } from '@playwright/test'
import { applyTo, openSignedIn, postJob, signUpEmployer, signUpOnboardedCandidate } from './support/applying.ts'
import { uniqueTitle } from './support/feed.ts'

// The applications grouped by stage. On a wide screen a card is dragged to the next
// column; on a phone the stages are tabs and a card moves with its "Move to…" by touch, and
// Reject still asks for its reason first.

test('applications move through the board by drag on a wide screen and by touch on a phone', async ({
  browser,
  request,
}) => {
  const employer = await signUpEmployer(request)
  const jobId = await postJob(request, employer, uniqueTitle('Data Analyst'))
  const amara = await signUpOnboardedCandidate(request, 'Amara Okafor')
  const tendai = await signUpOnboardedCandidate(request, 'Tendai Moyo')
  await applyTo(request, amara, jobId)
  await applyTo(request, tendai, jobId)

  const desk = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
  await openSignedIn(desk, employer)
  await desk.goto('/employer/applications')
  await desk.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Board' }).click()
  const applied = desk.getByRole('region', { name: /^Applied \(/ })
  const screening = desk.getByRole('region', { name: /^Screening \(/ })
  await expect(applied).toHaveAccessibleName('Applied (2)')
  await applied.getByRole('article', { name: 'Amara Okafor' }).dragTo(screening)
  await expect(desk.getByText('Moved to Screening')).toBeVisible()
  await expect(screening).toHaveAccessibleName('Screening (1)')
  await expect(screening.getByRole('article', { name: 'Amara Okafor' })).toBeVisible()
  await expect(applied).toHaveAccessibleName('Applied (1)')

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })
  const page = await phone.newPage()
  await openSignedIn(page, employer)
  await page.goto('/employer/applications')
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Board' }).tap()
  const stages = page.getByRole('tablist', { name: 'Stages' })
  await stages.getByRole('tab', { name: 'Screening (1)' }).tap()
  const panel = page.getByRole('tabpanel')
  await panel.getByLabel('Move Amara Okafor to stage').selectOption('interview')
  await expect(page.getByText('Moved to Interview')).toBeVisible()
  await expect(stages.getByRole('tab', { name: 'Interview (1)' })).toBeVisible()
  await stages.getByRole('tab', { name: 'Interview (1)' }).tap()
  await expect(panel.getByRole('article', { name: 'Amara Okafor' })).toBeVisible()

  // Reject from the board asks for the reason first.
  await stages.getByRole('tab', { name: 'Applied (1)' }).tap()
  await panel.getByRole('button', { name: 'Reject Tendai Moyo' }).tap()
  const reject = page.getByRole('dialog', { name: 'Reject application' })
  await expect(reject.getByLabel('Reason')).toBeVisible()
  await reject.getByRole('button', { name: 'Close' }).first().tap()
  await expect(panel.getByRole('article', { name: 'Tendai Moyo' })).toBeVisible()
  await phone.close()
})

// A job's own stage: added on a phone from the job's card, then a target on the board, inside
// the column of the stage it follows. The candidate reads plain words, not the employer's name.
test('a job’s own stage is added on a phone and an application is dragged into it on a wide screen', async ({
  browser,
  request,
}) => {
  const employer = await signUpEmployer(request)
  const title = uniqueTitle('Registered Nurse')
  const jobId = await postJob(request, employer, title)
  const rudo = await signUpOnboardedCandidate(request, 'Rudo Chikwanha')
  await applyTo(request, rudo, jobId)

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })
  const page = await phone.newPage()
  await openSignedIn(page, employer)
  await page.goto('/employer')
  await page.getByRole('button', { name: `Hiring stages of ${title}` }).tap()
  const dialog = page.getByRole('dialog', { name: 'Hiring stages' })
  await expect(dialog.getByText('No stages of this job\u2019s own yet.')).toBeVisible()
  await dialog.getByRole('button', { name: 'Add stage' }).tap()
  await expect(dialog.getByRole('alert')).toHaveText('Please name the stage')
  await dialog.getByLabel('Stage name').fill('Credential check')
  await dialog.getByLabel('Comes after').selectOption('screening')
  await dialog.getByRole('button', { name: 'Add stage' }).tap()
  const own = dialog.getByRole('list', { name: 'This job\u2019s own stages' })
  await expect(own.getByText('Credential check')).toBeVisible()
  await expect(own.getByText('After Screening')).toBeVisible()
  await dialog.getByLabel('Stage name').fill('credential CHECK')
  await dialog.getByRole('button', { name: 'Add stage' }).tap()
  await expect(dialog.getByRole('alert')).toHaveText('This job already has a stage with that name')
  await dialog.getByRole('button', { name: 'Done' }).tap()
  await expect(dialog).toHaveCount(0)
  await phone.close()

  const desk = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
  await openSignedIn(desk, employer)
  await desk.goto('/employer/applications')
  await desk.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Board' }).click()
  const check = desk.getByRole('region', { name: `Credential check, ${title} (0)` })
  await expect(check).toBeVisible()
  await desk
    .getByRole('region', { name: 'Applied (1)' })
    .getByRole('article', { name: 'Rudo Chikwanha' })
    .dragTo(check)
  await expect(desk.getByText('Moved to Credential check')).toBeVisible()
  const moved = desk.getByRole('region', { name: `Credential check, ${title} (1)` })
  await expect(moved.getByRole('article', { name: 'Rudo Chikwanha' })).toBeVisible()
  await expect(desk.getByRole('region', { name: /^Screening \(/ })).toHaveAccessibleName('Screening (1)')

  const candidate = await (await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true })).newPage()
  await openSignedIn(candidate, rudo)
  await candidate.goto('/applications')
  await expect(candidate.getByText('In review').first()).toBeVisible()
  await expect(candidate.getByText('Credential check')).toHaveCount(0)
})
