import { expect, test } from '@playwright/test'

test.describe('landing page', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/')
  })

  test('shows the header, the hero and every section of the spec', async ({ page }) => {
    await expect(page).toHaveTitle('JobTap · Double Tap For Your Dream Job')
    const header = page.getByRole('banner')
    await expect(header.getByRole('link', { name: 'JobTap' })).toBeVisible()
    await expect(header.getByRole('link', { name: 'HR API' })).toHaveAttribute('href', '/hr-api')
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth')

    await expect(page.getByRole('heading', { level: 1, name: 'Double Tap For Your Dream Job' })).toBeVisible()
    await expect(page.getByText("Swipe through jobs. We'll handle the applications.", { exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', '/auth')
    await expect(page.getByRole('button', { name: 'Learn More' })).toBeVisible()

    for (const feature of ['Instant Applications', 'Smart Matching', 'AI-Powered']) {
      await expect(page.getByRole('heading', { level: 3, name: feature })).toBeVisible()
    }

    const steps = page.getByRole('region', { name: 'How It Works' }).getByRole('listitem')
    await expect(steps).toHaveText([/^1\s*Upload Resume/, /^2\s*AI Handles the Rest/, /^3\s*Double Tap to Apply/])

    const ethics = page.getByRole('region', { name: 'AI Ethics' })
    for (const principle of ['Talent Centric', 'AI Ethical', 'Transparency']) {
      await expect(ethics.getByRole('heading', { name: principle })).toBeVisible()
    }

    await expect(page.getByRole('contentinfo')).toContainText('© 2025 JobTap. All rights reserved.')
  })

  test('Learn More scrolls to How It Works and moves focus there', async ({ page }) => {
    const heading = page.getByRole('heading', { name: 'How It Works' })
    await expect(heading).not.toBeInViewport()
    await page.getByRole('button', { name: 'Learn More' }).click()
    await expect(heading).toBeFocused()
    await expect(heading).toBeInViewport()
  })

  test('footer columns link where the spec says', async ({ page }) => {
    const footer = page.getByRole('contentinfo')
    const expected: Record<string, Array<[string, string]>> = {
      Employer: [
        ['Find Talent', '/employer/auth'],
        ['Register', '/employer/auth'],
        ['Login', '/employer-auth'],
      ],
      'Job Seeker': [
        ['Find Jobs', '/jobs'],
        ['Register', '/auth'],
        ['Login', '/auth'],
      ],
      Company: [['Resources', '/resources/jobtap-guide.pdf']],
      'For Developers': [['HR API', '/hr-api']],
    }
    for (const [column, links] of Object.entries(expected)) {
      const nav = footer.getByRole('navigation', { name: column })
      for (const [name, href] of links) {
        await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
      }
    }
    const company = footer.getByRole('navigation', { name: 'Company' })
    await expect(company.getByRole('button', { name: 'Location' })).toBeVisible()
    await expect(company.getByRole('button', { name: 'Privacy Policy' })).toBeVisible()
  })

  test('Resources opens a real PDF', async ({ page, request }) => {
    const href = await page.getByRole('link', { name: 'Resources' }).getAttribute('href')
    expect(href).toBe('/resources/jobtap-guide.pdf')
    const response = await request.get(href ?? '')
    expect(response.status()).toBe(200)
    const body = await response.body()
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(body.toString('latin1')).toContain('JobTap Candidate Guide')
  })

  test('the Location dialog shows the address, phone and e-mail, and closes on Escape', async ({ page }) => {
    const opener = page.getByRole('button', { name: 'Location' })
    await opener.click()
    const dialog = page.getByRole('dialog', { name: 'Location' })
    await expect(dialog).toBeVisible()
    await expect(dialog).toHaveAttribute('aria-modal', 'true')
    await expect(dialog).toBeFocused()
    await expect(dialog.getByText('14 Samora Machel Avenue')).toBeVisible()
    await expect(dialog.getByRole('link', { name: '+263 242 700 100' })).toHaveAttribute('href', 'tel:+263242700100')
    await expect(dialog.getByRole('link', { name: 'hello@jobtap.app' })).toHaveAttribute(
      'href',
      'mailto:hello@jobtap.app',
    )

    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(dialog.getByRole('link', { name: '+263 242 700 100' })).toBeFocused()

    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(opener).toBeFocused()
  })

  test('the Privacy Policy dialog covers the four topics and closes with Close', async ({ page }) => {
    await page.getByRole('button', { name: 'Privacy Policy' }).click()
    const dialog = page.getByRole('dialog', { name: 'Privacy Policy' })
    await expect(dialog).toBeVisible()
    for (const topic of ['Information We Collect', 'How We Use It', 'Data Security', 'Your Rights']) {
      await expect(dialog.getByRole('heading', { name: topic })).toBeVisible()
    }
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toBeHidden()
  })

  test('Sign In leads to /auth', async ({ page }) => {
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click()
    await expect(page).toHaveURL('/auth')
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible()
  })

  test('HR API leads to /hr-api', async ({ page }) => {
    await page.getByRole('banner').getByRole('link', { name: 'HR API' }).click()
    await expect(page).toHaveURL('/hr-api')
    await expect(page.getByRole('heading', { level: 1, name: 'JobTap HR API' })).toBeVisible()
  })
})

test.describe('on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  for (const path of ['/', '/hr-api', '/no-such-page', '/auth', '/employer/auth']) {
    test(`${path} has no horizontal overflow`, async ({ page }) => {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      if (path === '/') await expect(page.getByTestId('wasm-preview')).not.toHaveAttribute('aria-busy', 'true')
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }))
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth)
    })
  }

  test('the dialogs fit the screen', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Privacy Policy' }).click()
    const box = await page.getByRole('dialog', { name: 'Privacy Policy' }).boundingBox()
    expect(box).not.toBeNull()
    expect(box!.x).toBeGreaterThanOrEqual(0)
    expect(box!.x + box!.width).toBeLessThanOrEqual(360)
    expect(box!.y).toBeGreaterThanOrEqual(0)
    expect(box!.y + box!.height).toBeLessThanOrEqual(740)
  })
})
