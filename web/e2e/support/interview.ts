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

export const POSITION = 'Frontend Developer'

/**
 * Ends the question's reading time (7 to 9 s) at once, on the page's own clock (`page.clock.install()`
 * must have run before the page loaded), and waits for the recording to start. The countdown is
 * read rather than assumed: it rounds up, so jumping that far always reaches the recording's timer,
 * and only timers fall due, so the recording itself still runs in real time.
 */
export async function skipReadingTime(page: Page) {
  const countdown = page.getByText(/^Read the question\. Recording starts in \d+ s$/)
  const seconds = Number(/(\d+) s$/.exec((await countdown.textContent()) ?? '')?.[1])
  expect(seconds).toBeGreaterThanOrEqual(1)
  expect(seconds).toBeLessThanOrEqual(10)
  await expect(page.getByRole('status', { name: 'Recording' })).toHaveCount(0)
  await page.clock.fastForward(seconds * 1000)
  await expect(page.getByRole('status', { name: 'Recording' })).toBeVisible()
}

/** Opens /interview-prep (the user must be signed in). */
export async function openInterview(page: Page) {
  await page.goto('/interview-prep')
  await expect(page.getByRole('heading', { name: 'Interview Practice' })).toBeVisible()
}
