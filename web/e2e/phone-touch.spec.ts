import { expect, test, type CDPSession, type Locator, type Page } from '@playwright/test'
import { card, postJob, showCard, signedInCandidate, uniqueTitle } from './support/feed.ts'

// A phone with a finger: 390×844, touch input sent through the DevTools protocol
// as a touch screen sends it. The double tap, the menu sheet, and nothing covering an action.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

/** The centre of `target` on screen, scrolled into view first. */
async function centre(target: Locator): Promise<{ x: number; y: number }> {
  await target.scrollIntoViewIfNeeded()
  const box = await target.boundingBox()
  if (!box) throw new Error('The target is not on screen')
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
}

/**
 * Finger taps at `point`, each 40 ms long, starting at the given times (ms after the first).
 * The events carry those times, so the page sees exactly these gaps however fast the test runs.
 */
async function taps(cdp: CDPSession, point: { x: number; y: number }, startsMs: number[]) {
  const origin = Date.now() / 1000
  for (const start of startsMs) {
    const at = origin + start / 1000
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point], timestamp: at })
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [], timestamp: at + 0.04 })
  }
}

/** Whether the point at the centre of `control` hits `control` itself. */
async function hitsItself(control: Locator): Promise<boolean> {
  await control.scrollIntoViewIfNeeded()
  return control.evaluate((element) => {
    const box = element.getBoundingClientRect()
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
    return hit !== null && element.contains(hit)
  })
}

async function openFeedAt(page: Page, request: Parameters<typeof signedInCandidate>[1]) {
  await signedInCandidate(page, request)
  const id = await postJob(request, { job_title: uniqueTitle('Touch Analyst') })
  await page.goto('/jobs')
  await showCard(page, id)
  return id
}

test('a double tap with a finger opens "Choose Application Method", 5 of 5; single taps do not', async ({
  page,
  request,
}) => {
  const id = await openFeedAt(page, request)
  const point = await centre(card(page, id).getByRole('heading', { level: 2 }))
  const cdp = await page.context().newCDPSession(page)
  const method = page.getByRole('dialog', { name: 'Choose Application Method' })
  for (const gap of [90, 130, 170, 210, 250]) {
    await taps(cdp, point, [0, gap])
    await expect(method, `taps ${gap} ms apart`).toBeVisible()
    await method.getByRole('button', { name: 'Cancel' }).tap()
    await expect(method).toHaveCount(0)
  }
  // Taps 400 ms apart are two single taps; "Next job" afterwards shows the page took them all.
  await taps(cdp, point, [0, 400, 800])
  await page.getByRole('button', { name: 'Next job' }).tap()
  await expect(card(page, id)).toHaveCount(0)
  await expect(method).toHaveCount(0)
  await cdp.detach()
})

test('the menu is a full-height sheet that reaches every page and keeps focus inside', async ({ page, request }) => {
  await openFeedAt(page, request)
  const menuButton = page.getByRole('button', { name: 'Menu' })
  await menuButton.tap()
  const menu = page.getByRole('navigation', { name: 'Candidate menu' })
  const box = await menu.boundingBox()
  expect(box?.y).toBe(0)
  expect(box?.height).toBe(844)
  const items = [
    menu.getByRole('link', { name: 'Prepare Interview' }),
    menu.getByRole('button', { name: 'Upgrade Resume' }),
    menu.getByRole('link', { name: 'Documents' }),
    menu.getByRole('link', { name: 'Track Applications' }),
    menu.getByRole('link', { name: 'Settings' }),
    menu.getByRole('button', { name: 'Sign out' }),
  ]
  for (const item of items) {
    await expect(item).toBeInViewport()
    expect(await hitsItself(item), await item.innerText()).toBe(true)
  }
  // Tab goes round the sheet: seven stops (the close button and six items), then back.
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab')
    expect(await menu.evaluate((nav) => nav.contains(document.activeElement))).toBe(true)
  }
  await menu.getByRole('link', { name: 'Documents' }).tap()
  await expect(page).toHaveURL('/documents')
})

test('the chat button covers no action of the feed or the job page', async ({ page, request }) => {
  const id = await openFeedAt(page, request)
  await expect(page.getByRole('button', { name: 'Open SwipeJob AI' })).toBeVisible()
  const actions = page.getByRole('group', { name: 'Job actions' })
  for (const name of ['Reject job', 'Apply to job', 'Copy job link', 'Next job']) {
    expect(await hitsItself(actions.getByRole('button', { name })), name).toBe(true)
  }
  // Undo is enabled (and hit-testable: a disabled button lets the pointer through) after a move.
  await actions.getByRole('button', { name: 'Next job' }).tap()
  await expect(card(page, id)).toHaveCount(0)
  const undo = page.getByRole('button', { name: 'Undo last swipe' })
  await expect(undo).toBeEnabled()
  expect(await hitsItself(undo)).toBe(true)
  // Scrolled as far as the page goes, the last controls still sit clear of the chat button.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  for (const control of [undo, actions.getByRole('button', { name: 'Next job' })]) {
    const hit = await control.evaluate((element) => {
      const box = element.getBoundingClientRect()
      const at = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
      return at !== null && element.contains(at)
    })
    expect(hit, await control.getAttribute('aria-label') ?? 'Undo last swipe').toBe(true)
  }
  await page.goto(`/job/${id}`)
  expect(await hitsItself(page.getByRole('button', { name: 'Apply Now' }))).toBe(true)
})

test('a job never clips in its feed card (600 px at most), shows whole on its page, and a short one is short there', async ({
  page,
  request,
}) => {
  await signedInCandidate(page, request)
  const benefits = ['Medical aid', 'Pension', 'Transport', 'Housing allowance', 'Training budget', 'Annual bonus']
  const long = await postJob(request, {
    job_title: uniqueTitle('Long Ward Manager'),
    job_description: 'Lead the ward team through day and night shifts. '.repeat(12),
    requirements: ['Registered nurse with a current practising certificate', 'Five years on a surgical ward', 'Leadership', 'BLS'],
    benefits,
  })
  await page.goto('/jobs')
  const job = await showCard(page, long)
  // On a phone the card gives up the height the action buttons need below it, never more than 600 px.
  const height = await job.evaluate((el) => el.getBoundingClientRect().height)
  expect(height).toBeGreaterThan(500)
  expect(height).toBeLessThanOrEqual(600)
  // Whatever the card's middle holds, its end can be reached inside the card: the last tag is
  // within the card's box once the middle is scrolled to its end (when it needs scrolling).
  const body = job.getByTestId('job-card-body')
  await expect(body).toHaveCSS('overflow-y', 'auto')
  await body.evaluate((el) => el.scrollTo(0, el.scrollHeight))
  const lastTag = await job.getByText('+2 more', { exact: true }).boundingBox()
  const bodyBox = await body.boundingBox()
  if (!lastTag || !bodyBox) throw new Error('The card has no box')
  expect(lastTag.y + lastTag.height).toBeLessThanOrEqual(bodyBox.y + bodyBox.height + 0.5)

  await page.goto(`/job/${long}`)
  const whole = page.locator(`article[data-job-id="${long}"]`)
  await expect(whole).toBeVisible()
  const wholeBody = whole.getByTestId('job-card-body')
  expect(await wholeBody.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(0)
  await expect(whole.getByText('+2 more', { exact: true })).toBeVisible()

  const short = await postJob(request, { job_title: uniqueTitle('Short Clerk'), job_description: 'Filing.' })
  await page.goto(`/job/${short}`)
  const small = page.locator(`article[data-job-id="${short}"]`)
  await expect(small).toBeVisible()
  expect((await small.boundingBox())?.height ?? 600).toBeLessThan(600)
})
