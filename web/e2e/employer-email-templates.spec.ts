import { expect, test } from '@playwright/test'
import { signedInEmployer, toast } from './support/accounts.ts'
import { nurseApplies, postNurseJob } from './support/applying.ts'
import { mailsTo } from './support/mail.ts'

// Decision e-mail templates on a desktop: the employer words the rejection e-mail in Settings,
// watches the preview follow, saves, rejects an applicant, and the candidate receives those words
// with her own name, the job and the feedback in place.

test('the rejection e-mail is written in the employer’s words, previewed, and sent as previewed', async ({
  page,
  request,
}) => {
  const token = await signedInEmployer(page, request)
  const jobId = await postNurseJob(request, token, {
    company: 'Parirenyatwa Private Wing',
    title: 'Recovery Room Nurse',
    description: 'Watch patients come round after theatre; chart observations and manage pain.',
  })
  const email = await nurseApplies(request, jobId, 'Nokuthula Precious Sibanda-Mhlanga')

  await page.goto('/settings/notifications')
  const section = page.getByRole('region', { name: 'E-mail templates' })
  await section.getByRole('button', { name: 'Rejection e-mail' }).click()
  await section.getByLabel('Subject').fill('About the {job} post at {company}')
  const message = section.getByLabel('Message')
  await message.fill('Dear {name},\n\nThank you for your time with us. We chose another nurse this round.\n\n')
  await section.getByRole('button', { name: /^\{feedback\}/ }).click()
  await message.press('End')
  await message.pressSequentially('\n\nThe ward team')

  // The preview is the server's rendering with a sample candidate.
  const preview = section.getByRole('region', { name: 'Preview' })
  await expect(preview).toContainText('Subject: About the Data Analyst post at')
  await expect(preview.frameLocator('iframe').locator('body')).toContainText('We chose another nurse this round.')

  await section.getByRole('button', { name: 'Save templates' }).click()
  await expect(toast(page, 'E-mail templates saved')).toBeVisible()

  await page.goto('/employer/applications')
  const card = page.getByRole('article', { name: 'Nokuthula Precious Sibanda-Mhlanga' })
  await card.getByRole('button', { name: 'Reject' }).click()
  const confirm = page.getByRole('dialog', { name: 'Reject application' })
  await confirm.getByLabel('Reason').selectOption({ label: 'The position has been filled' })
  await confirm.getByLabel('Feedback to the candidate (optional)').fill('Your charting was the neatest we saw.')
  await confirm.getByRole('button', { name: 'Reject', exact: true }).click()
  await expect(toast(page, 'Application rejected and removed')).toBeVisible()

  const subject = 'About the Recovery Room Nurse post at Parirenyatwa Private Wing'
  await expect.poll(() => mailsTo(email, subject).length, { message: 'the templated rejection e-mail' }).toBe(1)
  const text = mailsTo(email, subject)[0]
  expect(text).toContain('Dear Nokuthula Precious Sibanda-Mhlanga,')
  expect(text).toContain('We chose another nurse this round.')
  expect(text).toContain('Your charting was the neatest we saw.')
  expect(text).toContain('The ward team')
  // The feedback stands where the employer put it, once: not appended again after the message.
  expect(text.split('Your charting was the neatest we saw.')).toHaveLength(2)
  expect(text.indexOf('Your charting')).toBeLessThan(text.indexOf('The ward team'))
})
