import { expect, test, type CDPSession, type Locator, type Page } from '@playwright/test'
import { toast } from './support/accounts.ts'
import { card, postJob, showCard, signedInCandidate, uniqueTitle } from './support/feed.ts'

// Swipe down with a finger on a phone (390×844, touch input sent through the DevTools protocol as
// a touch screen sends it), on a job long enough that the card's middle scrolls. Swiping down copies
// the link and keeps the job on screen, from the header or from the middle; the middle still scrolls
// both ways when it is not at its top, like pull-to-refresh; sideways swipes and the double tap
// still work there.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

const COPIED = 'Job link with title copied!'
type Point = { x: number; y: number }

/** Posts a job whose card middle scrolls on this phone, opens the feed at it, ready for gestures. */
async function openLongJob(page: Page, request: Parameters<typeof signedInCandidate>[1]) {
  await signedInCandidate(page, request)
  const title = uniqueTitle('Long Ward Manager')
  const id = await postJob(request, {
    job_title: title,
    job_description: 'Lead the ward team through day and night shifts, rosters, audits and handovers. '.repeat(12),
    requirements: [
      'Registered general nurse with a current practising certificate from the Nurses Council of Zimbabwe',
      'Five years on a busy surgical ward, two of them in charge of a shift or of the whole ward',
      'Leadership of a team of twenty nurses and nurse aides',
      'Basic life support certificate renewed within the last two years',
    ],
    // Each as wide as the card: a row of its own.
    benefits: [
      'Medical aid for you, your spouse and up to four children',
      'Pension fund with matching employer contributions',
      'Transport home after every night shift, door to door',
      'Housing allowance paid monthly with the salary',
      'Training budget',
      'Annual performance bonus',
    ],
  })
  await page.goto('/jobs')
  const job = await showCard(page, id)
  const body = job.getByTestId('job-card-body')
  // The point of these tests: the middle really scrolls, and it starts at its top.
  expect(await body.evaluate((el) => el.scrollHeight - el.clientHeight), 'the card middle must scroll').toBeGreaterThan(60)
  expect(await scrollTop(body)).toBe(0)
  return { id, title, job, body }
}

/** The centre of `target` on screen, scrolled into view first unless `scroll` is false. */
async function centre(target: Locator, { scroll = true } = {}): Promise<Point> {
  if (scroll) await target.scrollIntoViewIfNeeded()
  const box = await target.boundingBox()
  if (!box) throw new Error('The target is not on screen')
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
}

function scrollTop(scroller: Locator): Promise<number> {
  return scroller.evaluate((el) => el.scrollTop)
}

/**
 * A finger that lands at `from`, moves to `to` in `steps` moves `msPerStep` apart and lifts
 * `holdMs` after its last move. The events carry those times, so the page measures this speed
 * however fast the test runs; a hold of 150 ms lets go of a scroll without a fling.
 */
async function swipe(cdp: CDPSession, from: Point, to: Point, { steps = 10, msPerStep = 16, holdMs = 16 } = {}) {
  const origin = Date.now() / 1000
  const at = (ms: number) => origin + ms / 1000
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from], timestamp: at(0) })
  for (let i = 1; i <= steps; i++) {
    const point = { x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point], timestamp: at(i * msPerStep) })
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [], timestamp: at(steps * msPerStep + holdMs) })
}

/** Finger taps at `point`, 40 ms long, starting at the given times (ms after the first). */
async function taps(cdp: CDPSession, point: Point, startsMs: number[]) {
  const origin = Date.now() / 1000
  for (const start of startsMs) {
    const at = origin + start / 1000
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point], timestamp: at })
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [], timestamp: at + 0.04 })
  }
}

/** A point on the card's middle with no control under it: the description's text. */
function middleText(job: Locator): Locator {
  return job.getByRole('region', { name: 'Description' }).locator('p')
}

/** The copy landed: the toast, the announcement and the clipboard, and the same job is still on screen, back in place. */
async function expectCopiedAndStayed(page: Page, job: Locator, title: string, id: string, baseURL: string | undefined) {
  await expect(toast(page, COPIED)).toBeVisible()
  await expect(page.getByTestId('feed-announcer')).toHaveText(COPIED)
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${title} at Acme Zimbabwe - ${baseURL}/job/${id}`)
  await expect(job).toBeVisible()
  await expect(job.getByRole('heading', { level: 2, name: title })).toBeInViewport()
  await expect(page.getByTestId('swipe-card')).toHaveCSS('transform', 'none')
}

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
})

test('a finger swiping down on the card middle copies the link and keeps the job on screen', async ({ page, request, baseURL }) => {
  const { id, title, job, body } = await openLongJob(page, request)
  const cdp = await page.context().newCDPSession(page)
  const from = await centre(middleText(job))
  await swipe(cdp, from, { x: from.x, y: from.y + 250 })
  await expectCopiedAndStayed(page, job, title, id, baseURL)
  expect(await scrollTop(body)).toBe(0)
  await cdp.detach()
})

test('a finger swiping down on the card header copies the link and does not move on', async ({ page, request, baseURL }) => {
  const { id, title, job } = await openLongJob(page, request)
  const cdp = await page.context().newCDPSession(page)
  const from = await centre(job.getByRole('heading', { level: 2 }))
  await swipe(cdp, from, { x: from.x, y: from.y + 250 })
  await expectCopiedAndStayed(page, job, title, id, baseURL)
  await cdp.detach()
})

test('the card middle still scrolls up and down with a finger, and scrolling copies nothing', async ({ page, request }) => {
  const { job, body } = await openLongJob(page, request)
  await page.evaluate(() => navigator.clipboard.writeText('nothing copied'))
  const cdp = await page.context().newCDPSession(page)
  const from = await centre(middleText(job))
  // Finger up from the top: the middle scrolls into its content.
  await swipe(cdp, from, { x: from.x, y: from.y - 150 }, { steps: 15, msPerStep: 32, holdMs: 150 })
  await expect.poll(() => scrollTop(body)).toBeGreaterThan(30)
  const scrolled = await scrollTop(body)
  // Finger down while scrolled into it: the middle scrolls back, the card stays put.
  await swipe(cdp, from, { x: from.x, y: from.y + 30 }, { steps: 10, msPerStep: 32, holdMs: 150 })
  await expect.poll(() => scrollTop(body)).toBeLessThan(scrolled)
  await expect(job).toBeVisible()
  await expect(page.getByTestId('swipe-card')).toHaveCSS('transform', 'none')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('nothing copied')
  await expect(toast(page, COPIED)).toHaveCount(0)
  await expect(page.getByTestId('feed-announcer')).not.toHaveText(COPIED)
  await cdp.detach()
})

test('on the card middle, scrolled or not, a finger still swipes sideways and double taps', async ({ page, request }) => {
  const { id, job, body } = await openLongJob(page, request)
  const cdp = await page.context().newCDPSession(page)
  const method = page.getByRole('dialog', { name: 'Choose Application Method' })
  const from = await centre(middleText(job))
  await taps(cdp, from, [0, 150])
  await expect(method).toBeVisible()
  await method.getByRole('button', { name: 'Cancel' }).tap()
  await expect(method).toHaveCount(0)
  await body.evaluate((el) => el.scrollTo(0, 40))
  await expect.poll(() => scrollTop(body)).toBe(40)
  // Measured where it is: scrolling it into view could take the middle back to its top. The finger
  // rests before lifting (a long drag, not a flick): Chromium swallows a tap that comes right after
  // a flick, as it would stop a fling, and Undo is tapped next.
  const point = await centre(middleText(job), { scroll: false })
  await swipe(cdp, point, { x: point.x - 200, y: point.y + 5 }, { holdMs: 150 })
  await expect(toast(page, 'Job rejected')).toBeVisible()
  await expect(card(page, id)).toHaveCount(0)
  await page.getByRole('button', { name: 'Undo last swipe' }).tap()
  const back = card(page, id)
  await expect(back).toBeVisible()
  // The job comes back as a new card, its middle at the top: swiping right from there goes on.
  const again = await centre(middleText(back))
  await swipe(cdp, again, { x: again.x + 200, y: again.y + 5 })
  await expect(card(page, id)).toHaveCount(0)
  await cdp.detach()
})
