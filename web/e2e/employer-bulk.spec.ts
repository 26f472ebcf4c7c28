import { expect, test } from '@playwright/test'
import { signedInEmployer, toast } from './support/accounts.ts'
import { nurseApplies, postNurseJob } from './support/applying.ts'
import { mailsTo } from './support/mail.ts'

// Bulk actions on a desktop (the phone keeps each card's "Move to…"): the employer selects three
// applicants, rejects them with one reason and feedback in one request, sees them leave the list
// for the Rejected archive, and each candidate's e-mail arrives.

test('select three applicants, reject them with one reason and feedback; they move to the archive and are e-mailed', async ({
  page,
  request,
}) => {
  const token = await signedInEmployer(page, request)
  const jobId = await postNurseJob(request, token, {
    company: 'Acme Zimbabwe',
    title: 'Theatre Nurse',
    description: 'Scrub and circulate in a busy surgical theatre; keep the count right.',
  })
  const rejected = ['Tendai Chiedza Moyo', 'Rudo Nyasha Mutasa', 'Farai Tinashe Ncube']
  const emails: string[] = []
  for (const name of rejected) emails.push(await nurseApplies(request, jobId, name))
  await nurseApplies(request, jobId, 'Chipo Rumbidzai Dube')

  await page.goto('/employer/applications')
  await expect(page.getByRole('article')).toHaveCount(4)
  for (const name of rejected) await page.getByRole('checkbox', { name: `Select ${name}` }).check()
  const bar = page.getByRole('region', { name: 'Selected applications' })
  await expect(bar).toContainText('3 selected')

  await bar.getByRole('button', { name: 'Reject…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Reject 3 applications' })
  await dialog.getByLabel('Reason').selectOption({ label: 'The position has been filled' })
  const feedback = 'Thank you for applying. We filled the post from within, and hope to see you apply again.'
  await dialog.getByLabel('Feedback to the candidate (optional)').fill(feedback)
  await dialog.getByRole('button', { name: 'Reject' }).click()

  await expect(toast(page, 'Rejected 3 applications')).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(bar).toBeHidden()
  await expect(page.getByRole('article')).toHaveCount(1)
  await expect(page.getByRole('article', { name: 'Chipo Rumbidzai Dube' })).toBeVisible()

  await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Rejected' }).click()
  for (const name of rejected) {
    const card = page.getByRole('article', { name })
    await expect(card).toContainText('The position has been filled')
    await expect(card).toContainText(feedback)
  }

  for (const email of emails) {
    await expect
      .poll(() => mailsTo(email, 'Your application for Theatre Nurse').length, { message: `the decision e-mail to ${email}` })
      .toBe(1)
    expect(mailsTo(email, 'Your application for Theatre Nurse')[0]).toContain('We filled the post from within')
  }
})
