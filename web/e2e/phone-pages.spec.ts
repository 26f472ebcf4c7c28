import { expect, test, type Page } from '@playwright/test'
import { expectNoHorizontalOverflow } from './support/a11y.ts'
import { signedInEmployer } from './support/accounts.ts'
import { postJob, signedInCandidate, uniqueTitle } from './support/feed.ts'
import { coveredControls } from './support/phone.ts'

// Every page on a phone: at 390×844 nothing scrolls sideways and no control sits
// under another (a floating button, a toast, a sticky bar): the centre of each visible,
// enabled control hits that control once it is scrolled into view.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

async function check(page: Page, path: string, ready: () => Promise<void>) {
  await page.goto(path)
  await ready()
  await expectNoHorizontalOverflow(page, path)
  expect(await coveredControls(page), `covered controls on ${path}`).toEqual([])
}

test('public pages', async ({ page }) => {
  for (const path of ['/', '/auth', '/employer/auth', '/hr-api']) {
    await check(page, path, () => expect(page.locator('h1').first()).toBeVisible())
  }
})

test('candidate pages', async ({ page, request }) => {
  await signedInCandidate(page, request)
  const id = await postJob(request, { job_title: uniqueTitle('Phone Page Analyst') })
  const heading = (name: string | RegExp) => () => expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await check(page, '/jobs', heading('Find Your Next Role'))
  await check(page, `/job/${id}`, () => expect(page.getByRole('button', { name: 'Apply Now' })).toBeVisible())
  await check(page, '/applications', heading('My Applications'))
  await check(page, '/documents', () => expect(page.locator('h1').first()).toBeVisible())
  await check(page, '/onboarding', () => expect(page.getByText('Step 1 of 4')).toBeVisible())
  await check(page, '/interview-prep', () => expect(page.locator('h1').first()).toBeVisible())
})

test('employer pages', async ({ page, request }) => {
  await signedInEmployer(page, request)
  for (const path of ['/employer', '/employer/post-job', '/employer/bulk-import', '/employer/applications', '/employer/analytics']) {
    await check(page, path, () => expect(page.locator('h1').first()).toBeVisible())
  }
})
