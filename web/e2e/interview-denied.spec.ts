import { expect, test } from '@playwright/test'
import { toast } from './support/accounts.ts'
import { signedInCandidate } from './support/feed.ts'
import { BASE_ARGS, openInterview, POSITION } from './support/interview.ts'

// Interview practice when the camera permission is refused (spec, candidate §8):
// a fake camera exists, but every permission prompt is answered "deny".
test.use({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [...BASE_ARGS, '--use-fake-device-for-media-stream', '--deny-permission-prompts'],
  },
  permissions: [],
})

test('a denied camera shows the denied message and the interview cannot start', async ({ page, request }) => {
  await signedInCandidate(page, request)
  await openInterview(page)
  await page.getByRole('button', { name: 'Enable Camera' }).click()
  await expect(toast(page, 'Camera/microphone access denied. Please allow permissions.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Enable Camera' })).toBeVisible()
  await expect(page.getByText('Camera is off')).toBeVisible()
  await page.getByLabel('Job Position').fill(POSITION)
  await page.getByRole('button', { name: 'Start Interview' }).click()
  await expect(toast(page, 'Please enable your camera to start the interview')).toBeVisible()
})
