import { expect, test, type Page } from '@playwright/test'
import { expectNoHorizontalOverflow } from './support/a11y.ts'
import { signedInEmployer } from './support/accounts.ts'
import { postJob, signedInCandidate, uniqueTitle } from './support/feed.ts'

// Every page on a phone: at 390×844 nothing scrolls sideways and no control sits
// under another (a floating button, a toast, a sticky bar): the centre of each visible,
// enabled control hits that control once it is scrolled into view.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

/** The controls whose centre is covered by something else, described for the failure message. */
async function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const covered: string[] = []
    const controls = document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [role="tab"]')
    for (const control of controls) {
      if ((control as HTMLButtonElement).disabled || control.closest('[inert], [aria-hidden="true"]')) continue
      const rect = control.getBoundingClientRect()
      // Hidden, or visually hidden (1 px, read by screen readers only).
      if (rect.width < 4 || rect.height < 4 || getComputedStyle(control).visibility === 'hidden') continue
      control.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' })
      // A link wrapped over two lines has two boxes; the centre of their union is between them.
      const box = control.getClientRects()[0] ?? control.getBoundingClientRect()
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
      if (hit === null || control.contains(hit) || hit.closest('label')?.contains(control)) continue
      const name = control.getAttribute('aria-label') ?? control.textContent?.trim().slice(0, 40) ?? control.tagName
      covered.push(`${control.tagName.toLowerCase()} "${name}" under ${hit.tagName.toLowerCase()}.${String(hit.className).slice(0, 60)}`)
    }
    window.scrollTo(0, 0)
    return covered
  })
}

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
