import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test, type CDPSession, type Locator, type Page } from '@playwright/test'
import { openSignUp, signInOnAuthPage, toast, uniqueEmail } from './support/accounts.ts'
import { card, postJob, showCard, uniqueTitle } from './support/feed.ts'
import { confirmationLink, CONFIRM_SUBJECT, mailsTo } from './support/mail.ts'
import { animationsSettled } from './support/phone.ts'

// Confirming the address on a phone with a finger (390×844, touch through the DevTools
// protocol): a new candidate is refused at Apply until they follow the link the server wrote to
// its outbox folder (the test server has no SMTP server, the embedded default of `make run`);
// after it, a double tap on the card applies.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

const PASSWORD = 'baobab at Victoria Falls 1999'
const resumePdf = readFileSync(
  join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'resumes', 'strong-developer.pdf'),
)

/** A finger's double tap on `target`: two 40 ms touches 120 ms apart, as the page's clock sees them. */
async function doubleTap(page: Page, cdp: CDPSession, target: Locator) {
  await target.scrollIntoViewIfNeeded()
  // A card that has just come in may still be sliding: the finger goes where it comes to rest.
  await animationsSettled(page)
  const box = await target.boundingBox()
  if (!box) throw new Error('The target is not on screen')
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
  const origin = Date.now() / 1000
  for (const start of [0, 0.12]) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point], timestamp: origin + start })
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [], timestamp: origin + start + 0.04 })
  }
}

/** Double-taps job `id`'s card and taps "Apply with JobTap" in the dialog it opens. */
async function applyByDoubleTap(page: Page, id: string) {
  await showCard(page, id)
  // The double tap does what the Apply button does, and only when it would (profile known, not busy).
  await expect(page.getByRole('button', { name: 'Apply to job' })).toBeEnabled()
  const cdp = await page.context().newCDPSession(page)
  await doubleTap(page, cdp, card(page, id).getByRole('heading', { level: 2 }))
  await cdp.detach()
  const method = page.getByRole('dialog', { name: 'Choose Application Method' })
  await expect(method).toBeVisible()
  await method.getByRole('button', { name: 'Apply with JobTap' }).tap()
}

test('sign up, the link in the outbox, follow it, then the double tap applies', async ({ page, request }) => {
  const id = await postJob(request, {
    job_title: uniqueTitle('Lodge Reservations Analyst'),
    skills: ['SQL', 'Python'],
    minimum_score_threshold: 20,
  })
  const email = uniqueEmail('chipo')

  // Signs up on the phone.
  await page.goto('/auth')
  await openSignUp(page)
  await page.getByLabel('Full Name').fill('Chipo Ndlovu')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Create Account', exact: true }).tap()
  await expect(page).toHaveURL('/onboarding')

  // Onboarding has its own phone test: here the profile is saved through the API with this
  // phone's session, then the person signs in again so the app knows it is done.
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('jobtap.session') ?? '{}').accessToken as string)
  const onboarded = await request.post('/api/v1/profile/onboarding', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      full_name: 'Chipo Ndlovu',
      degree_class: '2.1 Class',
      university: 'NUST',
      skills: 'SQL, Python',
      experience_years: '3',
      preferred_location: 'Victoria Falls',
      min_salary: '900',
      max_salary: '2000',
      job_types: 'Full-time',
      resume: { name: 'strong-developer.pdf', mimeType: 'application/pdf', buffer: resumePdf },
    },
  })
  expect(onboarded.status()).toBe(200)
  await page.evaluate(() => localStorage.removeItem('jobtap.session'))
  await page.goto('/auth')
  await signInOnAuthPage(page, email, PASSWORD)
  await expect(page).toHaveURL('/jobs')

  // Not confirmed yet: a quiet line says where the link went, and applying is refused with the
  // reason and "Send the link again".
  await expect(page.getByRole('status').filter({ hasText: 'Confirm your e-mail address' })).toContainText(email)
  await showCard(page, id)
  await page.getByRole('button', { name: 'Apply to job' }).tap()
  await page.getByRole('dialog', { name: 'Choose Application Method' }).getByRole('button', { name: 'Apply with JobTap' }).tap()
  const refusal = toast(page, 'Confirm your e-mail address before you apply: follow the link we sent you.')
  await expect(refusal).toBeVisible()
  await expect(page.getByRole('button', { name: 'Send the link again' }).first()).toBeVisible()

  // The e-mail: plain text with the link, to this app, its token in the fragment.
  const link = await confirmationLink(email)
  expect(mailsTo(email, CONFIRM_SUBJECT)[0]).toContain('The link works once, for 7 days.')
  expect(new URL(link).origin).toBe(new URL(page.url()).origin)

  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Your e-mail address is confirmed' })).toBeVisible()
  await expect(page.getByText(email)).toBeVisible()
  // The token is taken out of the address at once.
  await expect(page).toHaveURL(/\/confirm-email$/)
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  await page.getByRole('link', { name: 'Continue to JobTap' }).tap()
  await expect(page).toHaveURL('/jobs')
  await expect(page.getByRole('status').filter({ hasText: 'Confirm your e-mail address' })).toHaveCount(0)

  await applyByDoubleTap(page, id)
  await expect(toast(page, 'Application successfully submitted!')).toBeVisible()
  const mine = await request.get('/api/v1/applications', { headers: { Authorization: `Bearer ${token}` } })
  expect(mine.status()).toBe(200)
  expect(JSON.stringify(await mine.json())).toContain(id)

  // The link works once.
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'This link no longer works' })).toBeVisible()
  await expect(
    page.getByText('This confirmation link has expired or was already used. Send the link again to get a new one.'),
  ).toBeVisible()
})
