import { expect, type Page } from '@playwright/test'

// Helpers for the interview practice tests.

/** The shared config's browser arguments: `test.use({ launchOptions })` replaces them as a whole. */
export const BASE_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** TEST-ONLY (web/src/features/interview/test-settings.ts): each question shows this many ms instead of 7 to 9 s. */
export const TEST_QUESTION_DISPLAY_MS_KEY = 'jobtap.test.questionDisplayMs'

export const POSITION = 'Frontend Developer'

/** Opens /interview-prep (the user must be signed in). */
export async function openInterview(page: Page) {
  await page.goto('/interview-prep')
  await expect(page.getByRole('heading', { name: 'Interview Practice' })).toBeVisible()
}
