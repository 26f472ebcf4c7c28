import { expect, test, type Locator, type Page } from '@playwright/test'
import { toast } from './support/accounts.ts'
import { postJob, showCard, signedInCandidate, uniqueTitle } from './support/feed.ts'

// A toast never covers the navigation: it sits below the page's banner, so the
// banner's buttons stay clickable while it shows, and a pointer resting on them cannot hold a
// toast open (sonner pauses a hovered toast).

/** Whether the point at the centre of `control` hits `control` itself (or something inside it). */
async function hitsItself(control: Locator): Promise<boolean> {
  return control.evaluate((element) => {
    const box = element.getBoundingClientRect()
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
    return hit !== null && element.contains(hit)
  })
}

/** Applies to a fresh job from the feed and returns the success toast, still showing. */
async function applyAndToast(page: Page, request: Parameters<typeof signedInCandidate>[1]) {
  await signedInCandidate(page, request)
  const jobId = await postJob(request, { job_title: uniqueTitle('Toast Analyst'), minimum_score_threshold: 20 })
  await page.goto('/jobs')
  await showCard(page, jobId)
  await page.getByRole('button', { name: 'Apply to job' }).click()
  await page.getByRole('dialog', { name: 'Choose Application Method' }).getByRole('button', { name: 'Apply with JobTap' }).click()
  const shown = toast(page, 'Application successfully submitted!')
  await expect(shown).toBeVisible()
  return shown
}

/** The bottom edge of the page's banner and the top edge of the toast's box, once the toast has slid into place. */
async function edges(page: Page, shown: Locator) {
  const item = shown.locator('xpath=ancestor::li[1]')
  // The toast enters with a transition from above once sonner marks it mounted: measure
  // where it comes to rest.
  await expect(item).toHaveAttribute('data-mounted', 'true')
  await item.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)))
  const banner = await page.locator('header').first().boundingBox()
  const box = await item.boundingBox()
  if (banner === null || box === null) throw new Error('The banner or the toast has no box')
  return { bannerBottom: banner.y + banner.height, toastTop: box.y }
}

test('desktop: the toast shows below the header and every header button stays clickable', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const shown = await applyAndToast(page, request)
  const { bannerBottom, toastTop } = await edges(page, shown)
  expect(toastTop).toBeGreaterThanOrEqual(bannerBottom)

  const nav = page.getByRole('navigation', { name: 'Candidate' })
  const controls = nav.locator('a, button')
  expect(await controls.count()).toBeGreaterThanOrEqual(4)
  // Focus goes back to the apply button under the card when the dialog closes, which may
  // scroll the banner out of the window: look at it where the user would, at the top.
  await page.evaluate(() => window.scrollTo(0, 0))
  await expect(shown).toBeVisible()
  for (const control of await controls.all()) {
    expect(await hitsItself(control), await control.innerText()).toBe(true)
  }
  // The click that once landed on the toast and kept it open reaches the button now.
  await nav.getByRole('button', { name: 'Upgrade Resume' }).click()
  await expect(page.getByRole('dialog', { name: 'Upgrade Your Resume' })).toBeVisible()
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('the toast shows below the header and the menu button stays tappable', async ({ page, request }) => {
    const shown = await applyAndToast(page, request)
    const { bannerBottom, toastTop } = await edges(page, shown)
    expect(toastTop).toBeGreaterThanOrEqual(bannerBottom)
    const menuButton = page.getByRole('button', { name: 'Menu' })
    expect(await hitsItself(menuButton)).toBe(true)
    await menuButton.tap()
    await expect(page.getByRole('navigation', { name: 'Candidate menu' })).toBeInViewport()
  })
})
