import { expect, test, type Page } from '@playwright/test'
import { createCandidate, signInOnAuthPage } from './support/accounts.ts'
import { holdBack } from './support/held-files.ts'

// The public pages come as HTML the build rendered: a phone paints them from the
// first answer, and the app then hydrates that HTML (keeps its elements) instead of drawing
// the page again.

const pages = [
  { path: '/', heading: 'Double Tap For Your Dream Job', title: 'JobTap · Double Tap For Your Dream Job' },
  { path: '/auth', heading: 'Welcome Back', title: 'Welcome Back · JobTap' },
  { path: '/employer/auth', heading: 'Employer Portal', title: 'Employer Portal · JobTap' },
  { path: '/hr-api', heading: 'JobTap HR API', title: 'HR API · JobTap' },
]

/** Keeps the page's first <h1> as the HTML parser made it, before any script ran. */
async function rememberParsedHeading(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return
      ;(window as unknown as { parsedHeading: Element | null }).parsedHeading = document.querySelector('h1')
    })
  })
}

/** Whether React has taken over the page's <h1> (its element carries React's fiber). */
function headingIsReacts(page: Page) {
  return page.evaluate(() => {
    const h1 = document.querySelector('h1')
    return h1 !== null && Object.keys(h1).some((key) => key.startsWith('__reactFiber'))
  })
}

for (const { path, heading, title } of pages) {
  test(`${path} shows its page without JavaScript`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    await expect(page).toHaveTitle(title)
    await context.close()
  })

  test(`${path} is hydrated: the parsed HTML stays, with no error`, async ({ page }) => {
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    page.on('pageerror', (error) => errors.push(error.message))
    await rememberParsedHeading(page)
    await page.goto(path)
    await expect.poll(() => headingIsReacts(page)).toBe(true)
    const kept = await page.evaluate(() => {
      const parsed = (window as unknown as { parsedHeading: Element | null }).parsedHeading
      return parsed !== null && parsed === document.querySelector('h1') && parsed.isConnected
    })
    expect(kept, 'the heading parsed from the HTML is the one React kept').toBe(true)
    await expect(page).toHaveTitle(title)
    expect(errors).toEqual([])
  })
}

test('what a visitor types before the app has loaded is kept, and the form is sent only by the app', async ({ page, request }) => {
  const { email, password } = await createCandidate(request)
  // The sign-in page's code is held back until the fields are filled.
  const release = await holdBack(page, '**/assets/auth-page-*.js')
  await page.goto('/auth', { waitUntil: 'commit' })
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  const signIn = page.getByRole('button', { name: 'Sign In', exact: true })
  await expect(signIn).toBeDisabled()
  // Switching to sign-up needs the app's code too: pressed earlier, it would do nothing.
  await expect(page.getByRole('button', { name: 'Sign up', exact: true })).toBeDisabled()
  expect(await headingIsReacts(page)).toBe(false)

  release()
  await expect(signIn).toBeEnabled()
  await signIn.click()
  await expect(page).toHaveURL(/\/jobs$/)
})

test('the landing page’s buttons wait for the app’s code, then open what they name', async ({ page }) => {
  const release = await holdBack(page, '**/assets/landing-page-*.js')
  await page.goto('/', { waitUntil: 'commit' })
  const buttons = ['Learn More', 'Location', 'Privacy Policy'].map((name) => page.getByRole('button', { name }))
  for (const button of buttons) await expect(button).toBeDisabled()
  expect(await headingIsReacts(page)).toBe(false)

  release()
  for (const button of buttons) await expect(button).toBeEnabled()
  await page.getByRole('button', { name: 'Privacy Policy' }).click()
  await expect(page.getByRole('dialog', { name: 'Privacy Policy' })).toBeVisible()
})

test('a signed-in visitor opening a prerendered page gets it drawn for them, without errors', async ({ page, request }) => {
  const { email, password } = await createCandidate(request)
  await page.goto('/auth')
  await signInOnAuthPage(page, email, password)
  await expect(page).toHaveURL(/\/jobs$/)

  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Double Tap For Your Dream Job' })).toBeVisible()
  await expect.poll(() => headingIsReacts(page)).toBe(true)
  expect(errors).toEqual([])
})

test('the landing page fetches the sign-in pages’ code once it has settled, so Sign In needs none', async ({ page }) => {
  const requested: string[] = []
  page.on('request', (request) => requested.push(new URL(request.url()).pathname))
  await page.goto('/')
  await expect.poll(() => requested.some((path) => /^\/assets\/auth-page-[\w-]+\.js$/.test(path))).toBe(true)
  await expect.poll(() => requested.some((path) => /^\/assets\/employer-auth-page-[\w-]+\.js$/.test(path))).toBe(true)
  const before = requested.length
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible()
  // (The sign-in page then preloads its own next pages: only its own code must not come again.)
  expect(requested.slice(before).filter((path) => /^\/assets\/(employer-)?auth-page-/.test(path))).toEqual([])
})
