import { expect, test } from '@playwright/test'
import { signInOnAuthPage, toast } from './support/accounts.ts'
import { createOnboardedCandidate, postJob, signedInCandidate, uniqueTitle } from './support/feed.ts'

// One job's page (spec, candidate §2 "Job view", §4 "Navigation after auth", §8).

test('a signed-out visitor goes to /auth and lands back on the job after signing in', async ({ page, request }) => {
  const candidate = await createOnboardedCandidate(request)
  const title = uniqueTitle('Operations Analyst')
  const id = await postJob(request, { job_title: title })

  await page.goto(`/job/${id}`)
  await expect(page).toHaveURL('/auth')
  expect(await page.evaluate(() => sessionStorage.getItem('jobToView'))).toBe(id)
  await signInOnAuthPage(page, candidate.email, candidate.password)

  await expect(page).toHaveURL(`/job/${id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Job Details' })).toBeVisible()
  await expect(page.getByRole('article', { name: title })).toBeVisible()
  expect(await page.evaluate(() => sessionStorage.getItem('jobToView'))).toBeNull()

  // Apply Now runs the feed's flow.
  await page.getByRole('button', { name: 'Apply Now' }).click()
  const method = page.getByRole('dialog', { name: 'Choose Application Method' })
  await method.getByRole('button', { name: 'Apply with JobTap' }).click()
  await expect(toast(page, 'Application successfully submitted!')).toBeVisible()
  await expect(page.getByRole('article', { name: title }).getByText('Applied', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Apply Now' }).click()
  await expect(page.getByRole('status').getByText('Job Already Applied')).toBeVisible()

  await page.getByRole('link', { name: 'Back to Jobs' }).click()
  await expect(page).toHaveURL('/jobs')
})

test('an unknown job says it is not found or no longer available and goes to the feed', async ({ page, request }) => {
  await signedInCandidate(page, request)
  await page.goto('/job/no-such-job')
  await expect(toast(page, 'Job not found or no longer available')).toBeVisible()
  await expect(page).toHaveURL('/jobs')
  await expect(page.getByRole('heading', { level: 1, name: 'Find Your Next Role' })).toBeVisible()
})

test('the job card shares to WhatsApp and copies "title at company - url"', async ({ page, request, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signedInCandidate(page, request)
  const title = uniqueTitle('Field Sales Lead')
  const id = await postJob(request, { job_title: title })
  await page.goto(`/job/${id}`)
  const job = page.getByRole('article', { name: title })
  const text = `${title} at Acme Zimbabwe - ${baseURL}/job/${id}`

  const whatsApp = new URL((await job.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href')) ?? '')
  expect(whatsApp.origin).toBe('https://wa.me')
  expect(whatsApp.searchParams.get('text')).toBe(text)
  await expect(job.getByRole('link', { name: 'Share on WhatsApp' })).toHaveAttribute('target', '_blank')

  await job.getByRole('button', { name: 'Copy job link with title' }).click()
  await expect(toast(page, 'Job link with title copied!')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text)
  // Copying from the card does not leave the page.
  await expect(page).toHaveURL(`/job/${id}`)
})

test('a sample job cannot be applied to from its page', async ({ page, request }) => {
  await signedInCandidate(page, request)
  await page.goto('/job/mock-data-entry')
  await page.getByRole('button', { name: 'Apply Now' }).click()
  await expect(toast(page, 'Sample jobs take no applications')).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
})
