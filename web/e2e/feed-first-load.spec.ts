import { expect, test } from '@playwright/test'
import { gesturesReady, postJob, signedInCandidate, uniqueTitle } from './support/feed.ts'
import { holdBack } from './support/held-files.ts'

// The feed's first load on a phone's connection: its HTML names the feed's code, so
// it travels beside the entry script; the core's wasm waits until the first card has painted and
// settled, the chat launcher until the page has, or both until the user reaches for it (that case
// is `src/lib/when-settled-or-touched.test.ts`).

test('/jobs names the feed code in its HTML, in a few files, and every named file is served', async ({ request }) => {
  const html = await (await request.get('/jobs')).text()
  const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1])
  expect(preloaded.some((href) => /\/assets\/feed-[\w-]+\.js$/.test(href)), preloaded.join(' ')).toBe(true)
  expect(new Set(preloaded).size).toBe(preloaded.length)
  // Over HTTP/1.1 a phone fetches six files at a time: the entry, its stylesheet and the feed's
  // code fit in about one round of them (the chunk groups of vite.config.ts).
  const files = [...html.matchAll(/<(?:script type="module"|link rel="(?:modulepreload|stylesheet)")[^>]* (?:src|href)="\/assets\//g)]
  expect(files.length, preloaded.join(' ')).toBeLessThanOrEqual(8)
  for (const href of preloaded) expect((await request.get(href)).status(), href).toBe(200)
  // The feed's HTML is still the empty shell: the signed-in page is drawn in the browser.
  expect(html).toContain('<div id="root"></div>')
})

test("the feed's first page is asked for before the feed's code has arrived", async ({ page, request }) => {
  await postJob(request, { job_title: uniqueTitle('Midwife') })
  await signedInCandidate(page, request)
  // The feed's code is held back: only the entry has run when the first page must be asked for.
  const release = await holdBack(page, /\/assets\/feed-[\w-]+\.js$/)
  const firstPages: string[] = []
  page.on('request', (sent) => {
    if (/\/api\/v1\/jobs\?limit=6$/.test(sent.url())) firstPages.push(sent.url())
  })
  const asked = page.waitForRequest(/\/api\/v1\/jobs\?limit=6$/, { timeout: 10_000 })
  await page.goto('/jobs', { waitUntil: 'commit' })
  await asked
  release()
  await expect(page.locator('article[data-job-id]').first()).toBeVisible()
  // The feed's query took that answer over rather than asking again.
  expect(firstPages).toHaveLength(1)
})

test('the wasm is fetched once the first card has settled, the chat once the page has', async ({ page, request }) => {
  await postJob(request, { job_title: uniqueTitle('Pharmacist') })
  await page.addInitScript(() => {
    // When the page's layout (its header) and then the first card enter the document, in the
    // page's own clock.
    const seen = window as unknown as { headerAt?: number; cardAt?: number }
    new MutationObserver((_, observer) => {
      if (seen.headerAt === undefined && document.querySelector('header')) seen.headerAt = performance.now()
      if (!document.querySelector('article[data-job-id]')) return
      seen.cardAt = performance.now()
      observer.disconnect()
    }).observe(document, { childList: true, subtree: true })
  })
  await signedInCandidate(page, request)
  await page.goto('/jobs')
  await gesturesReady(page)
  await expect(page.getByRole('button', { name: 'Open SwipeJob AI' })).toBeVisible()
  const timings = await page.evaluate(() => {
    const started = (pattern: RegExp) =>
      performance.getEntriesByType('resource').find((entry) => pattern.test(entry.name))?.startTime ?? -1
    return {
      headerAt: (window as unknown as { headerAt?: number }).headerAt ?? -1,
      cardAt: (window as unknown as { cardAt?: number }).cardAt ?? -1,
      wasm: started(/\/assets\/jobtap_wasm_bg-[\w-]+\.wasm$/),
      chat: started(/\/assets\/chat-widget-[\w-]+\.js$/),
    }
  })
  expect(timings.cardAt, 'the card was seen entering the page').toBeGreaterThan(0)
  expect(timings.headerAt, 'the header was seen entering the page').toBeGreaterThan(0)
  // The settle time is 500 ms after the next frame (the test asks for most of it): the swipe
  // card counts from its own first frame, the chat launcher from the layout's, which comes with
  // the page's header.
  expect(timings.wasm - timings.cardAt, JSON.stringify(timings)).toBeGreaterThanOrEqual(400)
  expect(timings.chat - timings.headerAt, JSON.stringify(timings)).toBeGreaterThanOrEqual(400)
})
