import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { expectNoHorizontalOverflow } from './support/a11y.ts'
import { signedInCandidate as signedInNewCandidate, signedInEmployer, toast } from './support/accounts.ts'
import { card, gesturesReady, postJob, showCard, signedInCandidate, uniqueTitle } from './support/feed.ts'

// The feed, onboarding and the employer dashboard on a phone: a 390×844 touch
// screen. The menus open, navigate and close; nothing scrolls sideways.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

const resumePath = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'resumes', 'strong-developer.pdf')

/**
 * A one-finger swipe across `target` by (dx, dy), sent as real touch events through the DevTools
 * protocol, paced like a hand (20 moves 16 ms apart by their timestamps) that stops before it
 * lifts. A swipe that lifts while moving reads as a fling, and Chrome then swallows the next tap
 * as the one that stops it. Chrome's velocity tracker looks at the last 100 ms of a touch, so the
 * hand rests for longer than that (8 frames, 128 ms): the lift then carries no speed at all.
 */
async function touchSwipe(page: Page, target: Locator, dx: number, dy: number) {
  await gesturesReady(page)
  await target.scrollIntoViewIfNeeded()
  const box = await target.boundingBox()
  if (!box) throw new Error('The swipe target is not on screen')
  const x = box.x + box.width / 2
  const y = box.y + box.height / 2
  const cdp = await page.context().newCDPSession(page)
  const steps = 20
  const start = Date.now() / 1000
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }], timestamp: start })
  for (let i = 1; i <= steps; i++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: x + (dx * i) / steps, y: y + (dy * i) / steps }],
      timestamp: start + 0.016 * i,
    })
  }
  const hold = 8
  for (let i = 1; i <= hold; i++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: x + dx, y: y + dy }],
      timestamp: start + 0.016 * (steps + i),
    })
  }
  await cdp.send('Input.dispatchTouchEvent', {
    type: 'touchEnd',
    touchPoints: [],
    timestamp: start + 0.016 * (steps + hold + 1),
  })
  await cdp.detach()
}

test('feed: the card fits, swipes and taps; the actions are reachable; the side menu opens and navigates', async ({
  page,
  request,
}) => {
  await signedInCandidate(page, request)
  const first = await postJob(request, { job_title: uniqueTitle('Phone Analyst') })
  await page.goto('/jobs')
  const job = await showCard(page, first)
  await expect(job).toBeVisible()
  const box = await job.boundingBox()
  expect(box?.width).toBeLessThanOrEqual(390)
  await expectNoHorizontalOverflow(page, '/jobs')

  // The desktop header buttons are in the side menu here.
  await expect(page.getByRole('navigation', { name: 'Candidate' })).toBeHidden()

  // A finger swipe left rejects the card.
  await touchSwipe(page, job.getByRole('heading', { level: 2 }), -260, 0)
  await expect(card(page, first)).toHaveCount(0)
  await expect(page.getByTestId('feed-announcer')).toHaveText('Job rejected')
  await expectNoHorizontalOverflow(page, '/jobs after a swipe')

  // Every action button is on screen and answers a tap.
  const actions = page.getByRole('group', { name: 'Job actions' })
  await actions.scrollIntoViewIfNeeded()
  for (const name of ['Reject job', 'Apply to job', 'Copy job link', 'Next job']) {
    await expect(actions.getByRole('button', { name })).toBeInViewport()
  }
  await page.getByRole('button', { name: 'Undo last swipe' }).tap()
  await expect(card(page, first)).toBeVisible()
  await actions.getByRole('button', { name: 'Apply to job' }).tap()
  const method = page.getByRole('dialog', { name: 'Choose Application Method' })
  await expect(method).toBeVisible()
  await expectNoHorizontalOverflow(page, 'the Choose Application Method dialog')
  await method.getByRole('button', { name: 'Cancel' }).tap()
  await expect(method).toHaveCount(0)
  await actions.getByRole('button', { name: 'Next job' }).tap()
  await expect(card(page, first)).toHaveCount(0)

  // The side menu: opens over the page, closes with its button, then navigates.
  const menuButton = page.getByRole('button', { name: 'Menu' })
  await menuButton.tap()
  const menu = page.getByRole('navigation', { name: 'Candidate menu' })
  await expect(menu).toBeInViewport()
  for (const name of ['Prepare Interview', 'Documents', 'Track Applications']) {
    await expect(menu.getByRole('link', { name })).toBeVisible()
  }
  await expect(menu.getByRole('button', { name: 'Upgrade Resume' })).toBeVisible()
  await expectNoHorizontalOverflow(page, '/jobs with the side menu open')
  await menu.getByRole('button', { name: 'Close menu' }).tap()
  await expect(menu).toHaveCount(0)
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false')
  await menuButton.tap()
  await menu.getByRole('link', { name: 'Track Applications' }).tap()
  await expect(page).toHaveURL('/applications')
  await expect(page.getByRole('heading', { level: 1, name: 'My Applications' })).toBeVisible()
  await expectNoHorizontalOverflow(page, '/applications')
})

test('onboarding: all four steps are usable on a phone and lead to the feed', async ({ page, request }) => {
  await signedInNewCandidate(page, request)
  await page.goto('/onboarding')
  await expect(page.getByText('Step 1 of 4')).toBeVisible()
  await expectNoHorizontalOverflow(page, 'onboarding step 1')
  await page.getByLabel('Resume').setInputFiles(resumePath)
  await expect(page.getByRole('button', { name: 'Remove strong-developer.pdf' })).toBeVisible()
  await expectNoHorizontalOverflow(page, 'onboarding step 1 with a resume')
  await page.getByRole('button', { name: 'Next' }).tap()

  await expect(page.getByText('Step 2 of 4')).toBeVisible()
  await page.getByLabel('Certificates (optional)').setInputFiles(resumePath)
  await expect(page.getByRole('list', { name: 'Chosen certificates' }).getByRole('listitem')).toHaveCount(1)
  await expectNoHorizontalOverflow(page, 'onboarding step 2')
  await page.getByRole('button', { name: 'Next' }).tap()

  await expect(page.getByText('Step 3 of 4')).toBeVisible()
  await page.getByLabel('Degree class').selectOption('2.1 Class')
  await page.getByLabel('University').selectOption('NUST')
  await page.getByLabel('Skills').fill('React, TypeScript, SQL')
  await page.getByLabel('Years of experience').fill('3')
  await expectNoHorizontalOverflow(page, 'onboarding step 3')
  await page.getByRole('button', { name: 'Next' }).tap()

  await expect(page.getByText('Step 4 of 4')).toBeVisible()
  await page.getByLabel('Preferred location').fill('Harare')
  await page.getByLabel('Minimum salary').fill('800')
  await page.getByLabel('Maximum salary').fill('1500')
  await page.getByRole('checkbox', { name: 'Full-time' }).tap()
  await expect(page.getByRole('checkbox', { name: 'Full-time' })).toBeChecked()
  await expectNoHorizontalOverflow(page, 'onboarding step 4')
  const complete = page.getByRole('button', { name: 'Complete Setup' })
  await expect(complete).toBeInViewport({ ratio: 1 })
  await complete.tap()

  await expect(page).toHaveURL('/jobs')
  await expect(toast(page, 'Profile setup complete!')).toBeVisible()
  await expect(page.locator('article[data-job-id]')).toBeVisible()
  await expectNoHorizontalOverflow(page, '/jobs after onboarding')
})

test('employer dashboard: tabs fit, the menu opens, navigates and closes', async ({ page, request }) => {
  const token = await signedInEmployer(page, request)
  const created = await request.post('/api/v1/employer/jobs', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      company_name: 'Acme Zimbabwe',
      job_title: 'Senior Business Intelligence and Data Warehouse Analyst',
      job_type: 'Full-time',
      job_description: 'Turn sales data into weekly reports with SQL and Python.',
      location: 'Harare',
      skills: ['SQL', 'Python'],
      experience_years: 2,
    },
  })
  expect(created.status()).toBe(201)

  await page.goto('/employer')
  await expect(page.getByRole('heading', { level: 1, name: 'Employer Dashboard' })).toBeVisible()
  await expect(page.getByRole('article', { name: 'Senior Business Intelligence and Data Warehouse Analyst' })).toBeVisible()
  await expectNoHorizontalOverflow(page, '/employer (Jobs)')
  await expect(page.getByRole('navigation', { name: 'Employer' })).toBeHidden()
  for (const tab of ['Applications', 'Analytics']) {
    await page.getByRole('tab', { name: tab }).tap()
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('tabpanel')).toBeVisible()
    await expectNoHorizontalOverflow(page, `/employer (${tab})`)
  }

  const menuButton = page.getByRole('button', { name: 'Menu' })
  await menuButton.tap()
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true')
  const menu = page.getByRole('navigation', { name: 'Employer menu' })
  for (const name of ['Dashboard', 'Bulk Import', 'Post New Job']) {
    await expect(menu.getByRole('link', { name })).toBeInViewport()
  }
  await expect(menu.getByRole('button', { name: 'Sign out' })).toBeVisible()
  await expectNoHorizontalOverflow(page, '/employer with the menu open')
  // The same button closes it.
  await menuButton.tap()
  await expect(menu).toHaveCount(0)

  await menuButton.tap()
  await menu.getByRole('link', { name: 'Bulk Import' }).tap()
  await expect(page).toHaveURL('/employer/bulk-import')
  await expect(page.getByRole('heading', { level: 1, name: 'Bulk Import' })).toBeVisible()
  await expectNoHorizontalOverflow(page, '/employer/bulk-import')
  await page.getByLabel('Choose CSV file').setInputFiles(join(dirname(resumePath), '..', 'csv', 'row-errors.csv'))
  await expect(page.getByRole('region', { name: 'CSV preview' })).toBeVisible()
  await expectNoHorizontalOverflow(page, '/employer/bulk-import with a preview')
  await page.getByRole('link', { name: 'Back to Dashboard' }).tap()
  await expect(page).toHaveURL('/employer')

  await menuButton.tap()
  await menu.getByRole('link', { name: 'Post New Job' }).tap()
  await expect(page).toHaveURL('/employer/post-job')
  await expect(page.getByRole('heading', { level: 1, name: 'Post a Job' })).toBeVisible()
  await expectNoHorizontalOverflow(page, '/employer/post-job')

  await menuButton.tap()
  await menu.getByRole('link', { name: 'Dashboard' }).tap()
  await expect(page).toHaveURL('/employer')
  await expect(menu).toHaveCount(0)
})
