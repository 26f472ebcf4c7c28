// TEST-ONLY settings of interview practice.
//
// The end-to-end suite cannot wait 40 seconds for the five questions' display
// times on every run, so it stores a shorter display time in sessionStorage
// before the page loads. Nothing in the app writes this key and no URL sets it,
// so a user cannot switch it on by accident (a shared link cannot carry it); it
// only shortens the reading time in the tab that holds it, and the server's
// scores do not depend on it.

/** sessionStorage key: milliseconds every question is shown instead of its display time (1 to 10000). */
export const TEST_QUESTION_DISPLAY_MS_KEY = 'jobtap.test.questionDisplayMs'

/** How long a question is shown: its display time, unless the test-only key holds a valid override. */
export function questionDisplayMs(displayTimeSeconds: number, storage: Pick<Storage, 'getItem'> | null = sessionStorage): number {
  const raw = storage?.getItem(TEST_QUESTION_DISPLAY_MS_KEY) ?? null
  if (raw !== null && /^\d+$/.test(raw)) {
    const ms = Number(raw)
    if (ms >= 1 && ms <= 10_000) return ms
  }
  return displayTimeSeconds * 1000
}
