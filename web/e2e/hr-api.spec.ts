import { expect, test } from '@playwright/test'

test.describe('HR API page', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/hr-api')
  })

  test('presents the features, benefits and claims', async ({ page }) => {
    await expect(page).toHaveTitle('HR API · JobTap')
    await expect(page.getByRole('heading', { level: 1, name: 'JobTap HR API' })).toBeVisible()
    for (const feature of [
      'Automated Candidate Screening',
      'Bulk Job Posting',
      'Real-time Analytics',
      'Secure Integration',
    ]) {
      await expect(page.getByRole('heading', { level: 3, name: feature })).toBeVisible()
    }
    await expect(page.getByRole('region', { name: 'Why HR teams choose it' }).getByRole('listitem')).toHaveCount(4)
    // No promise nothing measures: no speed-up, no response time.
    await expect(page.getByText(/faster hiring|quote response/i)).toHaveCount(0)
    await expect(page.locator('main')).not.toContainText('%')
  })

  test('lists the three sample endpoints, marked illustrative', async ({ page }) => {
    await expect(page.getByText(/Illustrative only/)).toBeVisible()
    for (const line of [
      'POST /api/v1/jobs',
      'GET /api/v1/jobs/{jobId}/candidates',
      'POST /api/v1/applications/generate',
    ]) {
      await expect(page.getByText(line, { exact: true })).toBeVisible()
    }
  })

  test('lists the public job feeds, and each answers as it says', async ({ page, request }) => {
    const feeds = page.getByRole('region', { name: 'Public job feeds, live today' })
    for (const path of [
      'GET /feeds/jobs.rss',
      'GET /feeds/employers/{employerId}/jobs.xml',
      'GET /sitemap.xml',
      'GET /job/{jobId}',
    ]) {
      await expect(feeds.getByText(path, { exact: true })).toBeVisible()
    }
    const rss = await request.get('/feeds/jobs.rss')
    expect(rss.status()).toBe(200)
    expect(rss.headers()['content-type']).toBe('application/rss+xml; charset=utf-8')
    expect(await rss.text()).toMatch(/<item>[\s\S]*<link>https?:\/\/[^<]+\/job\/[^<]+<\/link>/)
    // A demo job other tests never touch: named in the sitemap, and its page carries its data.
    const sitemap = await request.get('/sitemap.xml')
    expect(await sitemap.text()).toContain('/job/mock-frontend-intern</loc>')
    const jobPage = await request.get('/job/mock-frontend-intern')
    expect(await jobPage.text()).toContain('<script type="application/ld+json">{"@context":"https://schema.org/"')
  })

  test('Request a Quote opens an e-mail to sales', async ({ page }) => {
    await expect(page.getByRole('link', { name: 'Request a Quote' })).toHaveAttribute(
      'href',
      'mailto:sales@jobtap.app?subject=HR%20API%20Quote%20Request',
    )
  })

  test('Back to Home returns to the landing page', async ({ page }) => {
    await page.getByRole('link', { name: 'Back to Home' }).click()
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Double Tap For Your Dream Job' })).toBeVisible()
  })
})
