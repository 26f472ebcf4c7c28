import { expect, test } from '@playwright/test'
import { signedInEmployer } from './support/accounts.ts'
import { createOnboardedCandidate, postJobAs, uniqueTitle } from './support/feed.ts'

// The bell on a phone, with touch: a candidate applies, the employer's bell shows
// it, tapping the notification opens the applications and clears the count.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

test("an application rings the employer's bell; tapping it opens the applications and clears the count", async ({
  page,
  request,
}) => {
  const token = await signedInEmployer(page, request)
  const title = uniqueTitle('Theatre Nurse')
  const jobId = await postJobAs(request, token, { job_title: title, minimum_score_threshold: 0 })
  await page.goto('/employer')
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible()

  const candidate = await createOnboardedCandidate(request, undefined, 'Nyasha Banda')
  const applied = await request.post('/api/v1/applications', {
    headers: { Authorization: `Bearer ${candidate.token}` },
    data: { job_id: jobId },
  })
  expect(applied.status()).toBe(201)

  // The bell asks every minute and on each page load.
  await page.reload()
  const bell = page.getByRole('button', { name: 'Notifications, 1 unread' })
  await expect(bell).toBeVisible()
  await bell.tap()
  const panel = page.getByRole('region', { name: 'Your notifications' })
  const item = panel.getByRole('link', { name: new RegExp(`Nyasha Banda applied for ${title}`) })
  await expect(item).toBeVisible()
  await item.tap()
  await expect(page).toHaveURL(/\/employer\/applications$/)
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible()
  await expect(panel).toHaveCount(0)
})
