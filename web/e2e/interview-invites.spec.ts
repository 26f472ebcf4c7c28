import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { applyTo, openSignedIn, postJob, signUpEmployer, signUpOnboardedCandidate } from './support/applying.ts'
import { uniqueTitle } from './support/feed.ts'

// On phones, with a finger, an employer moves an application to Interview and
// proposes two times in Harare's time zone; the candidate, whose phone is in London, books one
// and both download the same calendar event.

/** `days` from today (UTC) at `time`, as a datetime-local field holds it. */
function wallClock(days: number, time: string): string {
  return `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T${time}`
}

test('an employer proposes interview times and the candidate books one on a phone', async ({ browser, request }) => {
  const employer = await signUpEmployer(request)
  const title = uniqueTitle('Staff Nurse')
  const jobId = await postJob(request, employer, title)
  const candidate = await signUpOnboardedCandidate(request, 'Rudo Dube')
  await applyTo(request, candidate, jobId)

  const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }
  const employerContext = await browser.newContext({ ...phone, timezoneId: 'Africa/Harare', acceptDownloads: true })
  const employerPage = await employerContext.newPage()
  await openSignedIn(employerPage, employer)
  await employerPage.goto('/employer/applications')
  const card = employerPage.getByRole('article', { name: 'Rudo Dube' })
  await expect(card.getByRole('button', { name: 'Propose interview times' })).toHaveCount(0)
  await card.getByLabel('Move Rudo Dube to stage').selectOption('interview')
  await expect(card).toContainText('Stage: Interview')

  await card.getByRole('button', { name: 'Propose interview times' }).tap()
  const dialog = employerPage.getByRole('dialog', { name: 'Propose interview times' })
  await expect(dialog.getByLabel('Time zone')).toHaveValue('Africa/Harare')
  // Nothing filled in: the form says what is missing and sends nothing.
  await dialog.getByRole('button', { name: 'Send times' }).tap()
  await expect(dialog.getByRole('alert')).toHaveText('Please propose at least one time')
  await dialog.getByLabel('Time 1', { exact: true }).fill(wallClock(3, '10:00'))
  await dialog.getByRole('button', { name: 'Add another time' }).tap()
  await dialog.getByLabel('Time 2', { exact: true }).fill(wallClock(4, '14:30'))
  await dialog.getByLabel('Length').selectOption('45')
  await dialog.getByLabel('Place or video link').fill('https://meet.example.com/abc-defg-hij')
  await dialog.getByRole('button', { name: 'Send times' }).tap()
  await expect(employerPage.getByText('Interview times sent to the candidate')).toBeVisible()
  const interview = card.getByRole('region', { name: 'Interview' })
  await expect(interview).toContainText('Waiting for the candidate to pick a time')
  await expect(interview.getByRole('listitem')).toHaveCount(2)
  await expect(interview).toContainText(/, 14:30–15:15 \(Africa\/Harare\)/)

  // The candidate's phone is in London: the times stay in the employer's zone, named.
  const candidateContext = await browser.newContext({ ...phone, timezoneId: 'Europe/London', acceptDownloads: true })
  const candidatePage = await candidateContext.newPage()
  await openSignedIn(candidatePage, candidate)
  await candidatePage.goto('/applications')
  const mine = candidatePage.getByRole('article', { name: title })
  const invitation = mine.getByRole('region', { name: 'Interview' })
  await expect(invitation).toContainText('Pick the time that suits you:')
  // The status names what happened, not the wait the employer reads.
  await expect(invitation).toContainText('Interview times proposed')
  await expect(invitation).not.toContainText('Waiting for the candidate')
  await expect(invitation.getByRole('link', { name: 'https://meet.example.com/abc-defg-hij' })).toBeVisible()
  await invitation.getByRole('button', { name: /^Book .*, 14:30–15:15 \(Africa\/Harare\)$/ }).tap()
  await expect(candidatePage.getByText(/^Interview booked: .*14:30–15:15 \(Africa\/Harare\)$/)).toBeVisible()
  await expect(invitation).toContainText('Interview scheduled')
  await expect(invitation.getByRole('button', { name: /^Book / })).toHaveCount(0)

  const candidateDownload = candidatePage.waitForEvent('download')
  await invitation.getByRole('button', { name: 'Add to calendar (.ics)' }).tap()
  // Long lines of a calendar file are folded (RFC 5545): read it unfolded.
  const theirs = readFileSync(await (await candidateDownload).path(), 'utf8').replaceAll('\r\n ', '')
  expect(theirs).toContain('METHOD:REQUEST')
  expect(theirs).toContain('SEQUENCE:0')
  const uid = /^UID:(.+)$/m.exec(theirs)?.[1]?.trim()
  expect(uid).toBeTruthy()

  // The employer sees the booking and downloads the same event.
  await employerPage.reload()
  await expect(interview).toContainText('Interview scheduled')
  await expect(interview).toContainText(/, 14:30–15:15 \(Africa\/Harare\)/)
  const employerDownload = employerPage.waitForEvent('download')
  await interview.getByRole('button', { name: 'Add to calendar (.ics)' }).tap()
  const ours = readFileSync(await (await employerDownload).path(), 'utf8').replaceAll('\r\n ', '')
  expect(/^UID:(.+)$/m.exec(ours)?.[1]?.trim()).toBe(uid)

  await employerContext.close()
  await candidateContext.close()
})
