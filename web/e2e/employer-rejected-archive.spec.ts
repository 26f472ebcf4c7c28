import { expect, test } from '@playwright/test'
import { toast } from './support/accounts.ts'
import { applyTo, auth, openSignedIn, postJob, signUpEmployer, signUpOnboardedCandidate } from './support/applying.ts'
import { uniqueTitle } from './support/feed.ts'

// The rejected archive on a desktop: a rejection leaves the spec's list but is kept beside it with
// its reason, the employer's detail and the feedback sent; "Reconsider" brings it back to a stage
// and the candidate sees it in review again.

test('a rejected applicant is kept in the archive with the reason and feedback, and can be reconsidered', async ({
  page,
  request,
}) => {
  const employer = await signUpEmployer(request)
  const title = uniqueTitle('Stock Controller')
  const jobId = await postJob(request, employer, title)
  const candidate = await signUpOnboardedCandidate(request, 'Tendai Nyasha Mukanganwi-Chinembiri')
  await applyTo(request, candidate, jobId)

  await openSignedIn(page, employer)
  await page.goto('/employer/applications')
  const card = page.getByRole('article', { name: 'Tendai Nyasha Mukanganwi-Chinembiri' })
  await card.getByRole('button', { name: 'Reject' }).click()
  const confirm = page.getByRole('dialog', { name: 'Reject application' })
  await confirm.getByLabel('Reason').selectOption({ label: 'The position has been filled' })
  const feedback = 'We filled the post from inside the company; your stock-take record stood out.'
  await confirm.getByLabel('Feedback to the candidate (optional)').fill(feedback)
  await confirm.getByRole('button', { name: 'Reject', exact: true }).click()
  await expect(toast(page, 'Application rejected and removed')).toBeVisible()
  await expect(card).toHaveCount(0)

  // The archive keeps who, for which job, why and what they were told.
  await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Rejected' }).click()
  const kept = page.getByRole('article', { name: `Tendai Nyasha Mukanganwi-Chinembiri, ${title}` })
  await expect(kept).toBeVisible()
  await expect(kept).toContainText('The position has been filled')
  await expect(kept).toContainText(feedback)
  await expect(kept).toContainText(/Rejected [A-Z][a-z]+ \d{1,2}, \d{4}/)

  // Reconsider into Screening: it leaves the archive and is back on the list at that stage.
  await kept.getByLabel('Back to').selectOption({ label: 'Screening' })
  await kept.getByRole('button', { name: 'Reconsider' }).click()
  await expect(toast(page, 'Moved back to Screening')).toBeVisible()
  await expect(kept).toHaveCount(0)
  await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Applications' }).click()
  const back = page.getByRole('article', { name: 'Tendai Nyasha Mukanganwi-Chinembiri' })
  await expect(back).toBeVisible()
  await expect(back).toContainText('Screening')

  // The candidate's own record says it is in review again.
  const mine = await request.get('/api/v1/applications', { headers: auth(candidate) })
  expect(mine.status()).toBe(200)
  const { applications } = (await mine.json()) as { applications: { job_id: string; status: string }[] }
  const row = applications.find((a) => a.job_id === jobId)
  expect(row?.status).not.toBe('rejected')
})
