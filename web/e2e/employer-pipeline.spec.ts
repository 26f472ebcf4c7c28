import { expect, test } from '@playwright/test'
import { RESUME_NAME, auth, openSignedIn, postJob, resumePdf, signUpEmployer, signUpOnboardedCandidate } from './support/applying.ts'
import { uniqueTitle } from './support/feed.ts'

// A candidate on a phone chooses which documents go with an application, and the
// employer sees exactly those; the employer's private note and rejection reason stay theirs,
// while the feedback reaches the candidate with "Not selected".

test('the employer sees only the documents the candidate ticked; notes and reasons stay private', async ({
  browser,
  request,
}) => {
  const employer = await signUpEmployer(request)
  const title = uniqueTitle('Data Analyst')
  const jobId = await postJob(request, employer, title)
  const candidate = await signUpOnboardedCandidate(request, 'Amara Okafor')
  for (const [name, type] of [
    ['analyst-cv.pdf', 'resume'],
    ['sql-certificate.pdf', 'certificate'],
    ['old-cv.pdf', 'resume'],
  ] as const) {
    const uploaded = await request.post('/api/v1/documents', {
      headers: auth(candidate),
      multipart: { document_type: type, file: { name, mimeType: 'application/pdf', buffer: resumePdf } },
    })
    expect(uploaded.status()).toBe(201)
  }

  // The candidate applies from the job's page on a phone, with a finger.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })
  const candidatePage = await phone.newPage()
  await openSignedIn(candidatePage, candidate)
  await candidatePage.goto(`/job/${jobId}`)
  await candidatePage.getByRole('button', { name: 'Apply Now' }).tap()
  const dialog = candidatePage.getByRole('dialog', { name: 'Choose Application Method' })
  const documents = dialog.getByRole('group', { name: 'Documents to send' })
  const defaultResume = documents.getByRole('checkbox', { name: new RegExp(RESUME_NAME.replace('.', '\\.')) })
  await expect(defaultResume).toBeChecked()
  await defaultResume.tap()
  await documents.getByRole('checkbox', { name: /analyst-cv\.pdf/ }).tap()
  await documents.getByRole('checkbox', { name: /sql-certificate\.pdf/ }).tap()
  await expect(documents.getByRole('checkbox', { checked: true })).toHaveCount(2)
  await dialog.getByRole('button', { name: 'Apply with JobTap' }).tap()
  await expect(candidatePage.getByText('Application successfully submitted!')).toBeVisible()

  // The employer's Candidate Profile lists those two, and each downloads.
  const employerPage = await (await browser.newContext()).newPage()
  await openSignedIn(employerPage, employer)
  await employerPage.goto('/employer/applications')
  const card = employerPage.getByRole('article', { name: 'Amara Okafor' })
  await card.getByRole('button', { name: 'View Candidate' }).click()
  const profile = employerPage.getByRole('dialog', { name: 'Candidate Profile' })
  const sent = profile.getByRole('region', { name: 'Documents sent with this application' })
  await expect(sent.getByRole('listitem')).toHaveCount(2)
  await expect(sent).toContainText('analyst-cv.pdf')
  await expect(sent).toContainText('sql-certificate.pdf')
  await expect(sent).not.toContainText(RESUME_NAME)
  await expect(sent).not.toContainText('old-cv.pdf')
  const download = employerPage.waitForEvent('download')
  await sent.getByRole('button', { name: /Download analyst-cv\.pdf/ }).click()
  expect((await download).suggestedFilename()).toBe('analyst-cv.pdf')
  await profile.getByRole('button', { name: 'Close' }).first().click()

  // A private note, then a rejection with a reason and feedback.
  await card.getByRole('button', { name: 'Add Comment' }).click()
  const comment = employerPage.getByRole('dialog', { name: 'Add Comment' })
  await comment.getByLabel('Private note').fill('Weak on window functions')
  await comment.getByRole('button', { name: 'Save Comment' }).click()
  await expect(card).toContainText('Private note: Weak on window functions')
  await card.getByRole('button', { name: 'Reject' }).click()
  const reject = employerPage.getByRole('dialog', { name: 'Reject application' })
  await reject.getByLabel('Reason').selectOption({ label: 'Not enough experience' })
  await reject.getByLabel('Feedback to the candidate (optional)').fill('Thank you, Amara. Please apply again next year.')
  await reject.getByRole('button', { name: 'Reject' }).click()
  await expect(employerPage.getByText('Application rejected and removed')).toBeVisible()
  await expect(card).toHaveCount(0)

  // The candidate reads "Not selected" and the feedback, never the note or the reason.
  await candidatePage.goto('/applications')
  const mine = candidatePage.getByRole('article', { name: title })
  await expect(mine).toContainText('Not selected')
  await expect(mine.getByRole('region', { name: 'Employer feedback' })).toContainText(
    'Thank you, Amara. Please apply again next year.',
  )
  await expect(mine).toContainText('Sent to the employer: ')
  await expect(mine).toContainText('analyst-cv.pdf')
  await expect(candidatePage.locator('body')).not.toContainText('window functions')
  await expect(candidatePage.locator('body')).not.toContainText('Not enough experience')
  await phone.close()
})
