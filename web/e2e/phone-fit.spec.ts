import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { expectNoHorizontalOverflow } from './support/a11y.ts'
import { signedInEmployer } from './support/accounts.ts'
import { applyTo, openSignedIn, signUpEmployer, signUpOnboardedCandidate, auth, type Account } from './support/applying.ts'
import { card, showCard, signedInCandidate, uniqueTitle } from './support/feed.ts'

// A phone with a finger (390×844, touch) and long real content: a 60-character job title, a
// 90-character company name, a long place name, eight documents and three proposed interview
// times. Every dialog and panel lies inside the screen, nothing scrolls sideways, and the
// feed's actions are on the first screen.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

const WIDTH = 390
const HEIGHT = 844
/** 60 characters. */
const LONG_TITLE = 'Senior Monitoring, Evaluation and Learning Officer, Nutrition'
/** 90 characters. */
const LONG_COMPANY = 'Zimbabwe National Association of Community Health Workers & Rural Nutrition Volunteers Ltd'
const LONG_PLACE = 'Chitungwiza Municipality, Seke Road Industrial Area, Mashonaland East Province'

/**
 * Fails when `target` reaches past the screen's sides, or anything inside it does; with `whole`
 * (a dialog, a panel) also past its top or bottom.
 */
async function expectOnScreen(target: Locator, what: string, whole = true) {
  const outside = await target.evaluate(
    (root, { width, height, checkTopAndBottom }) => {
      const all = [root, ...Array.from(root.querySelectorAll<HTMLElement>('*'))]
      return all
        .filter((el) => {
          const r = el.getBoundingClientRect()
          if (r.width === 0 || r.height === 0) return false
          return r.left < -0.5 || r.right > width + 0.5 || (checkTopAndBottom && el === root && (r.top < -0.5 || r.bottom > height + 0.5))
        })
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`)
    },
    { width: WIDTH, height: HEIGHT, checkTopAndBottom: whole },
  )
  expect(outside, `${what} reaches off the screen`).toEqual([])
}

/** Fails when any scroller inside `target` (or `target` itself) scrolls sideways, or anything in it is cut at its right. */
async function expectNoSidewaysScroll(target: Locator, what: string) {
  const wide = await target.evaluate((root) => {
    const all = [root, ...Array.from(root.querySelectorAll<HTMLElement>('*'))]
    const box = root.getBoundingClientRect()
    return all
      .filter((el) => {
        const style = getComputedStyle(el)
        if (el.scrollWidth > el.clientWidth + 1 && style.overflowX !== 'visible') {
          // A text box holding a long line scrolls by itself, and a name cut with an ellipsis is
          // cut on purpose; neither is the layout.
          return !['INPUT', 'TEXTAREA'].includes(el.tagName) && style.textOverflow !== 'ellipsis'
        }
        const r = el.getBoundingClientRect()
        return r.width > 0 && r.right > box.right + 0.5
      })
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 50)} (${el.scrollWidth} > ${el.clientWidth})`)
  })
  expect(wide, `${what} scrolls sideways`).toEqual([])
}

/**
 * Fails when the page is wider than the phone. A mobile browser widens its viewport to show
 * content that spills out, so `innerWidth` cannot be the measure: the phone's width is.
 */
async function expectPageWithinPhoneWidth(page: Page, where: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${where} is wider than the phone`).toBeLessThanOrEqual(WIDTH)
}

/** Whether the centre of `control` hits it as the page is now (nothing scrolled, nothing covering it). */
async function hitsItselfWhereItIs(control: Locator): Promise<boolean> {
  return control.evaluate((element) => {
    const box = element.getBoundingClientRect()
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
    return hit !== null && element.contains(hit)
  })
}

/** Posts a job with the long title, company and place as `employer`. */
async function postLongJob(request: APIRequestContext, employer: Account, extra: Record<string, unknown> = {}) {
  const response = await request.post('/api/v1/employer/jobs', {
    headers: auth(employer),
    data: {
      company_name: LONG_COMPANY,
      job_title: `${LONG_TITLE.slice(0, 53)} ${uniqueTitle('').trim()}`,
      job_type: 'Full-time',
      job_description: 'Design and run the monitoring of nutrition programmes across rural districts with SQL and Python.',
      location: LONG_PLACE,
      salary_min: 1200,
      salary_max: 2400,
      skills: ['SQL', 'Python'],
      experience_years: 2,
      minimum_score_threshold: 0,
      application_email: 'recruitment.officer@community-health-workers-association.example.org',
      ...extra,
    },
  })
  expect(response.status()).toBe(201)
  return (await response.json()).job as { id: string; job_title: string }
}

test('the bell\'s panel lies on the screen and the candidate menu reaches Settings, data export and Delete account', async ({
  page,
  request,
}) => {
  await signedInCandidate(page, request)
  await page.goto('/jobs')
  await page.getByRole('button', { name: /^Notifications/ }).tap()
  const panel = page.getByRole('region', { name: 'Your notifications' })
  await expect(panel).toBeVisible()
  await expectOnScreen(panel, 'The notifications panel')
  const settingsLink = panel.getByRole('link', { name: 'E-mail settings' })
  expect(await hitsItselfWhereItIs(settingsLink)).toBe(true)

  await page.getByRole('button', { name: 'Menu' }).tap()
  const menu = page.getByRole('navigation', { name: 'Candidate menu' })
  await menu.getByRole('link', { name: 'Settings' }).tap()
  await expect(page).toHaveURL('/settings/notifications')
  await expect(page.getByRole('button', { name: 'Delete my account' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Download my data' })).toBeVisible()
  await expectNoHorizontalOverflow(page, '/settings/notifications')
  await expectPageWithinPhoneWidth(page, '/settings/notifications')
})

test('the employer\'s bell panel lies on the screen and the employer menu reaches Settings', async ({ page, request }) => {
  await signedInEmployer(page, request)
  await page.goto('/employer')
  await page.getByRole('button', { name: /^Notifications/ }).tap()
  const panel = page.getByRole('region', { name: 'Your notifications' })
  await expect(panel).toBeVisible()
  await expectOnScreen(panel, 'The notifications panel')
  await page.getByRole('button', { name: /^Notifications/ }).tap()

  await page.getByRole('button', { name: 'Menu' }).tap()
  await page.getByRole('navigation', { name: 'Employer menu' }).getByRole('link', { name: 'Settings' }).tap()
  await expect(page).toHaveURL('/settings/notifications')
  await expect(page.getByRole('button', { name: 'Delete my account' })).toBeVisible()
})

/**
 * Six resumes with long one-word names, as phones name downloads: with the onboarding PDF and
 * the default text resume, eight documents in all.
 */
async function uploadLongNamedDocuments(request: APIRequestContext, token: string) {
  for (let i = 1; i <= 6; i++) {
    const uploaded = await request.post('/api/v1/documents', {
      headers: { Authorization: `Bearer ${token}` },
      multipart: {
        document_type: 'resume',
        file: {
          name: `Tariro_Moyo_Curriculum_Vitae_Monitoring_Evaluation_Nutrition_2026_version_${i}.txt`,
          mimeType: 'text/plain',
          buffer: Buffer.from(`Tariro Moyo\nData analyst, version ${i}\nSQL, Python, Excel\n2021 - 2026 Analyst at Econet Wireless`),
        },
      },
    })
    expect(uploaded.status()).toBe(201)
  }
}

test('the feed shows Reject, Apply and Next on the first screen and the chat button covers none of the card\'s tools', async ({
  page,
  request,
}) => {
  await signedInCandidate(page, request)
  const employer = await signUpEmployer(request)
  const job = await postLongJob(request, employer)
  expect(job.job_title.length).toBe(60)

  await page.goto('/jobs')
  const jobCard = await showCard(page, job.id)
  await expect(jobCard).toContainText(LONG_COMPANY.slice(0, 20))
  await expectNoHorizontalOverflow(page, '/jobs with a long job')
  await expectPageWithinPhoneWidth(page, '/jobs with a long job')

  // Scrolled to the top, as the page opens: the three main actions are whole on the screen.
  await page.evaluate(() => window.scrollTo(0, 0))
  const actions = page.getByRole('group', { name: 'Job actions' })
  for (const name of ['Reject job', 'Apply to job', 'Next job']) {
    const box = await actions.getByRole('button', { name }).boundingBox()
    expect(box, name).not.toBeNull()
    expect((box?.y ?? HEIGHT) + (box?.height ?? 0), `${name} ends below the screen`).toBeLessThanOrEqual(HEIGHT)
  }
  // The chat button floats at the bottom right; the card's tools are all reachable where they are.
  await expect(page.getByRole('button', { name: 'Open SwipeJob AI' })).toBeVisible()
  for (const name of ['Check my fit', 'Share on WhatsApp', 'Copy job link with title']) {
    const tool = jobCard.getByRole(name === 'Share on WhatsApp' ? 'link' : 'button', { name })
    await expect(tool).toBeInViewport()
    expect(await hitsItselfWhereItIs(tool), `${name} is covered`).toBe(true)
  }
  for (const name of ['Reject job', 'Apply to job', 'Next job']) {
    expect(await hitsItselfWhereItIs(actions.getByRole('button', { name })), `${name} is covered`).toBe(true)
  }
})

test('the apply dialog with a long job and eight documents lies on the screen and scrolls only up and down', async ({
  page,
  request,
}) => {
  const candidate = await signedInCandidate(page, request)
  await uploadLongNamedDocuments(request, candidate.token)
  const employer = await signUpEmployer(request)
  const job = await postLongJob(request, employer)
  await page.goto('/jobs')
  await showCard(page, job.id)
  await page.getByRole('group', { name: 'Job actions' }).getByRole('button', { name: 'Apply to job' }).tap()
  const dialog = page.getByRole('dialog', { name: 'Choose Application Method' })
  await expect(dialog.getByRole('group', { name: 'Documents to send' }).getByRole('checkbox')).toHaveCount(8)
  await expect(dialog.getByLabel('Cover letter')).toBeVisible()
  await expectOnScreen(dialog, 'The apply dialog')
  await expectNoSidewaysScroll(dialog, 'The apply dialog')
  // The help text under the documents reads whole once scrolled to.
  const hint = dialog.getByText(/The employer sees only the documents ticked here/)
  await hint.scrollIntoViewIfNeeded()
  await expect(hint).toBeInViewport({ ratio: 1 })
  await dialog.getByRole('button', { name: 'Cancel' }).tap()
  await expect(card(page, job.id)).toBeVisible()
})

test('My Applications with three proposed interview times and long names stays on the screen', async ({ page, request }) => {
  const employer = await signUpEmployer(request)
  const job = await postLongJob(request, employer)
  const candidate = await signUpOnboardedCandidate(request, 'Tariro Moyo')
  const application = await applyTo(request, candidate, job.id)
  const moved = await request.post(`/api/v1/employer/applications/${application.id}/stage`, {
    headers: auth(employer),
    data: { stage: 'interview' },
  })
  expect(moved.status()).toBe(200)
  const day = (n: number, time: string) => `${new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)}T${time}`
  const proposed = await request.put(`/api/v1/employer/applications/${application.id}/interview`, {
    headers: auth(employer),
    data: {
      // A long zone name, as the times are shown in the employer's zone, named.
      time_zone: 'America/Argentina/Buenos_Aires',
      slots: [day(3, '09:30'), day(4, '14:00'), day(5, '16:15')],
      duration_minutes: 45,
      location: LONG_PLACE,
    },
  })
  expect(proposed.status()).toBe(200)

  await openSignedIn(page, candidate)
  await page.goto('/applications')
  const mine = page.getByRole('article', { name: job.job_title })
  const invitation = mine.getByRole('region', { name: 'Interview' })
  await expect(invitation.getByRole('button', { name: /^Book / })).toHaveCount(3)
  await expectNoHorizontalOverflow(page, '/applications with three proposed times')
  await expectPageWithinPhoneWidth(page, '/applications with three proposed times')
  await expectOnScreen(invitation, 'The interview times', false)
  for (const button of await invitation.getByRole('button', { name: /^Book / }).all()) {
    await expectOnScreen(button, 'A time button', false)
    // Its text stays inside it (a button that does not wrap spills its text out to the right).
    expect(await button.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1)
  }
})
