import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { createCandidate, PASSWORD, signedInEmployer, signInOnAuthPage, toast } from './support/accounts.ts'

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

/** A new candidate signs in on the sign-in page and opens the settings page. */
async function candidateOnSettings(page: Page, request: APIRequestContext) {
  const account = await createCandidate(request)
  await page.goto('/auth')
  await signInOnAuthPage(page, account.email, PASSWORD)
  await expect(page).toHaveURL(/\/(jobs|onboarding)$/)
  await page.goto('/settings/notifications')
  return account
}

test('a candidate deletes their account on a phone: the password is asked again, then the account is gone', async ({
  page,
  request,
}) => {
  const { email } = await candidateOnSettings(page, request)
  const section = page.getByRole('region', { name: 'Delete my account' })
  await section.getByRole('button', { name: 'Delete my account' }).tap()
  const dialog = page.getByRole('dialog', { name: 'Delete my account' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Delete my account' })).toBeDisabled()

  // A wrong password is named under the field and nothing happens.
  await dialog.getByLabel('Your password').fill('not-the-password')
  await dialog.getByRole('button', { name: 'Delete my account' }).tap()
  await expect(dialog.getByText('That password is not right')).toBeVisible()
  await expect(dialog.getByLabel('Your password')).toHaveAttribute('aria-invalid', 'true')

  await dialog.getByLabel('Your password').fill(PASSWORD)
  await dialog.getByRole('button', { name: 'Delete my account' }).tap()
  await expect(toast(page, 'Your account was deleted')).toBeVisible()
  await expect(
    toast(page, 'Your profile and what you stored are gone. Our security log keeps what happened, without your name or e-mail address.'),
  ).toBeVisible()
  await expect(page).toHaveURL('/')
  expect(await page.evaluate(() => localStorage.getItem('jobtap.session'))).toBeNull()

  // The account no longer exists: signing in with it is refused like any unknown address.
  const signIn = await request.post('/api/v1/auth/signin', { data: { email, password: PASSWORD } })
  expect(signIn.status()).toBe(401)
})

test('a candidate downloads their data on a phone: prepared on the server, then a zip of it', async ({
  page,
  request,
}) => {
  await candidateOnSettings(page, request)
  const section = page.getByRole('region', { name: 'Download my data' })
  await section.getByRole('button', { name: 'Prepare my data' }).tap()
  const ready = section.getByText(/^Your data is ready \([\d.,]+ KB\)\. You can download it until .+\.$/)
  await expect(ready).toBeVisible()
  await expect(section.getByRole('progressbar')).toHaveCount(0)

  const downloaded = page.waitForEvent('download')
  await section.getByRole('button', { name: 'Download my data' }).tap()
  const download = await downloaded
  expect(download.suggestedFilename()).toMatch(/^jobtap-data-\d{4}-\d{2}-\d{2}\.zip$/)
  const path = await download.path()
  const { readFile } = await import('node:fs/promises')
  const zip = await readFile(path)
  // A zip whose first entry is the document (names are stored as they are in the headers).
  expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]))
  expect(zip.subarray(30, 30 + 'jobtap-data.json'.length).toString()).toBe('jobtap-data.json')

  // Asked again, it is prepared anew (the last one is gone at once): downloading works again.
  const again = page.waitForResponse((r) => r.url().endsWith('/api/v1/account/export') && r.request().method() === 'POST')
  await section.getByRole('button', { name: 'Prepare it again' }).tap()
  expect((await again).status()).toBe(202)
  await expect(ready).toBeVisible()
  const secondDownload = page.waitForEvent('download')
  await section.getByRole('button', { name: 'Download my data' }).tap()
  expect((await secondDownload).suggestedFilename()).toMatch(/^jobtap-data-\d{4}-\d{2}-\d{2}\.zip$/)
})

test('an employer chooses how long rejected applications are kept, on a phone', async ({ page, request }) => {
  await signedInEmployer(page, request)
  await page.goto('/settings/notifications')
  const section = page.getByRole('region', { name: 'Rejected applications' })
  const choice = section.getByLabel('Keep rejected applications')
  await expect(choice).toHaveValue('')
  await expect(choice.locator('option')).toHaveText(['With no time limit', 'For 30 days', 'For 90 days', 'For 180 days', 'For 365 days'])
  // Choosing saves nothing until Save.
  const saves: string[] = []
  page.on('request', (r) => {
    if (r.url().endsWith('/api/v1/employer/settings/retention') && r.method() === 'PUT') saves.push(r.postData() ?? '')
  })
  await choice.selectOption({ label: 'For 30 days' })
  await choice.selectOption({ label: 'For 180 days' })
  await section.getByRole('button', { name: 'Save' }).tap()
  await expect(toast(page, 'Kept for 180 days after the rejection')).toBeVisible()
  expect(saves).toEqual(['{"rejected_kept_days":180}'])
  await page.reload()
  await expect(page.getByRole('region', { name: 'Rejected applications' }).getByLabel('Keep rejected applications')).toHaveValue('180')
})

test('a candidate has no such choice', async ({ page, request }) => {
  await candidateOnSettings(page, request)
  await expect(page.getByRole('region', { name: 'Download my data' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Rejected applications' })).toHaveCount(0)
})
