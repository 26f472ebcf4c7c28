import type { Page } from '@playwright/test'

/**
 * Holds back the answers to the requests of `page` whose URL matches `url` until the returned
 * function is called: the page runs as it would on a connection where those files come last.
 */
export async function holdBack(page: Page, url: string | RegExp): Promise<() => void> {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(url, async (route) => {
    await held
    await route.continue()
  })
  return release
}
