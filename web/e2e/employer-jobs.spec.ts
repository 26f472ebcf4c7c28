import { expect, test, type APIRequestContext } from '@playwright/test'
import { signedInEmployer, toast } from './support/accounts.ts'

// The employer's jobs (spec, employer §2 "Employer dashboard" and "Post a job", §5, §8, §9) against the real server.

const COMPANY = 'Acme Zimbabwe'

/** A 1×1 PNG: a real image for the logo. */
const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

/** YYYY-MM-DD of a UTC day `offset` days from today. */
function utcDay(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
}

/** Posts a job through the API. */
async function postJob(request: APIRequestContext, token: string, fields: Record<string, unknown>) {
  const response = await request.post('/api/v1/employer/jobs', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      company_name: COMPANY,
      job_type: 'Full-time',
      job_description: 'Build reports.',
      location: 'Harare',
      ...fields,
    },
  })
  expect(response.status()).toBe(201)
}

test('post a job through every tab, then pause, activate, edit, share and delete it', async ({ page, request, context }) => {
  // A long flow: CI on a slow 2-core machine once ran past the default 30 s in its last wait.
  test.setTimeout(90_000)
  const token = await signedInEmployer(page, request)
  await page.goto('/employer')
  await expect(page.getByRole('heading', { level: 1, name: 'Employer Dashboard' })).toBeVisible()
  await expect(page.getByRole('tab', { name: 'Jobs' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('heading', { name: 'No jobs posted yet' })).toBeVisible()
  await page.getByRole('link', { name: 'Post your first job' }).click()

  await expect(page).toHaveURL('/employer/post-job')
  await expect(page.getByRole('heading', { level: 1, name: 'Post a Job' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/employer')
  await expect(page.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/employer')
  const tabs = page.getByRole('tablist', { name: 'Job details' }).getByRole('tab')
  await expect(tabs).toHaveText(['Basic', 'Education', 'Requirements', 'Benefits', 'Compensation'])

  // Basic: required fields are checked before anything is sent; AI needs its inputs first.
  await expect(page.getByLabel('Company name')).toHaveValue(COMPANY)
  await page.getByRole('button', { name: 'Post Job' }).click()
  await expect(toast(page, 'Please fill in all required fields')).toBeVisible()
  await page.getByRole('button', { name: 'AI Generate' }).click()
  await expect(toast(page, 'Please fill in company name, job title, and job type first')).toBeVisible()
  await page.getByLabel('Job title').fill('Data Analyst')
  await page.getByLabel('Job type').selectOption('Full-time')
  await expect(page.getByLabel('Job type').locator('option')).toHaveText([
    'Select job type',
    'Full-time',
    'Part-time',
    'Contract',
    'Remote',
  ])
  await page.getByLabel('Job description').fill('Turn sales data into weekly reports for the leadership team.')
  await page.getByLabel('Location').fill('Harare')
  await expect(page.getByLabel('Application email (optional)')).toHaveAttribute('type', 'email')
  await page.getByLabel('Application email (optional)').fill('jobs@acme.example.com')
  await expect(page.getByLabel('LinkedIn job URL (optional)')).toHaveAttribute('type', 'url')
  await page.getByLabel('LinkedIn job URL (optional)').fill('https://www.linkedin.com/jobs/view/123')

  // Logo: the icon by default; a file that is not an image is refused in the browser.
  await expect(page.getByRole('radio', { name: 'Icon' })).toBeChecked()
  await expect(page.getByText('JPG, PNG, GIF (max 2MB)')).toBeVisible()
  await page.getByLabel('Logo image').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
  await expect(toast(page, 'Please upload an image file')).toBeVisible()
  await expect(page.getByRole('radio', { name: 'Icon' })).toBeChecked()

  // Education.
  await page.getByRole('tab', { name: 'Education' }).click()
  await expect(page.getByLabel('Degree level').locator('option')).toHaveText([
    'Select degree level',
    'Certificate',
    'Diploma',
    'Bachelors',
    'Honours',
    'Masters',
    'PhD',
  ])
  await page.getByLabel('Degree level').selectOption('Bachelors')
  const degrees = page.getByRole('group', { name: 'Required degrees' })
  await expect(degrees.getByRole('checkbox')).toHaveCount(17)
  await degrees.getByRole('checkbox', { name: 'Computer Science' }).check()
  await degrees.getByRole('checkbox', { name: 'Economics' }).check()
  await degrees.getByRole('checkbox', { name: 'Other (Specify)' }).check()
  await page.getByLabel('Other degree').fill('  Data Science ')
  await page.getByLabel('Other degree').press('Enter')
  const chosenDegrees = page.getByRole('list', { name: 'Selected required degrees' }).getByRole('listitem')
  await expect(chosenDegrees).toHaveText(['Computer Science', 'Economics', 'Data Science'])
  await page.getByRole('button', { name: 'Remove Economics' }).click()
  await expect(chosenDegrees).toHaveText(['Computer Science', 'Data Science'])
  await expect(degrees.getByRole('checkbox', { name: 'Economics' })).not.toBeChecked()

  // Requirements: lists trim entries and ignore duplicates; AI needs a title and description (present now).
  await page.getByRole('tab', { name: 'Requirements' }).click()
  await expect(page.getByLabel('Years of experience')).toHaveAttribute('min', '0')
  await page.getByLabel('Years of experience').fill('2')
  await page.getByLabel('Qualifications').fill('A degree in a numerate field')
  await page.getByLabel('Minimum degree class').selectOption('Second Class Lower')
  const threshold = page.getByLabel('Minimum talent score threshold (%)')
  await expect(threshold).toHaveValue('20')
  await expect(threshold).toHaveAttribute('max', '100')
  const requirements = page.getByRole('textbox', { name: 'Requirements', exact: true })
  await requirements.fill('Strong SQL')
  await requirements.press('Enter')
  await requirements.fill('  strong sql  ')
  await requirements.press('Enter')
  await requirements.fill('Clear written reports')
  await requirements.press('Enter')
  await expect(page.getByRole('list', { name: 'Selected requirements' }).getByRole('listitem')).toHaveText([
    'Strong SQL',
    'Clear written reports',
  ])
  const skills = page.getByRole('textbox', { name: 'Skills', exact: true })
  for (const skill of ['SQL', 'Python', 'SQL']) {
    await skills.fill(skill)
    await skills.press('Enter')
  }
  await expect(page.getByRole('list', { name: 'Selected skills' }).getByRole('listitem')).toHaveText(['SQL', 'Python'])

  // Benefits.
  await page.getByRole('tab', { name: 'Benefits' }).click()
  await page.getByRole('textbox', { name: 'Benefits', exact: true }).fill('Medical aid')
  await page.getByRole('button', { name: 'Add to Benefits' }).click()
  await expect(page.getByRole('list', { name: 'Selected benefits' }).getByRole('listitem')).toHaveText(['Medical aid'])

  // Compensation: the posted date is today; the expiry cannot be before it.
  await page.getByRole('tab', { name: 'Compensation' }).click()
  const today = await page.evaluate(() => {
    const d = new Date()
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
  })
  await expect(page.getByLabel('Posted date')).toHaveValue(today)
  await expect(page.getByLabel('Expiry date (optional)')).toHaveAttribute('min', today)
  await page.getByLabel('Minimum salary (USD)').fill('1000')
  await page.getByLabel('Maximum salary (USD)').fill('2000')
  await page.getByLabel('Expiry date (optional)').fill(utcDay(30))

  // A "PNG" that is not an image: the server's own check, run in the browser, refuses it at once.
  await page.getByRole('tab', { name: 'Basic' }).click()
  await page.getByLabel('Logo image').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a png') })
  // The same message as for the text file above: that toast leaves as this one comes.
  await expect(toast(page, 'Please upload an image file')).toHaveCount(1)
  await expect(toast(page, 'Please upload an image file')).toBeVisible()
  await expect(page.getByRole('radio', { name: 'Icon' })).toBeChecked()

  // A real PNG: uploaded, then the job is posted.
  await page.getByLabel('Logo image').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: onePixelPng })
  await page.getByRole('button', { name: 'Post Job' }).click()
  await expect(toast(page, 'Job posted successfully!')).toBeVisible()
  await expect(page).toHaveURL('/employer')

  const card = page.getByRole('article', { name: 'Data Analyst' })
  await expect(card).toHaveAttribute('data-border', 'purple')
  await expect(card.getByText('Active', { exact: true })).toBeVisible()
  await expect(card).toContainText(COMPANY)
  await expect(card).toContainText('Harare')
  await expect(card).toContainText('$1,000 - $2,000')
  await expect(card).toContainText('Full-time')
  const posted = await page.evaluate(() =>
    new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date()),
  )
  await expect(card).toContainText(`Posted ${posted}`)
  await expect(card).toContainText('0 applications')
  await expect(card.locator('img')).toHaveAttribute('src', /^\/api\/v1\/logos\//)

  // Everything chosen on the tabs was stored.
  const listed = await request.get('/api/v1/employer/jobs', { headers: { Authorization: `Bearer ${token}` } })
  const [job] = (await listed.json()).jobs
  expect(job).toMatchObject({
    company_name: COMPANY,
    job_title: 'Data Analyst',
    job_type: 'Full-time',
    location: 'Harare',
    application_email: 'jobs@acme.example.com',
    linkedin_url: 'https://www.linkedin.com/jobs/view/123',
    experience_level: 'Bachelors',
    required_degree_classes: ['Computer Science', 'Data Science'],
    experience_years: 2,
    qualifications: 'A degree in a numerate field',
    degree_class: 'Second Class Lower',
    minimum_score_threshold: 20,
    requirements: ['Strong SQL', 'Clear written reports'],
    skills: ['SQL', 'Python'],
    benefits: ['Medical aid'],
    salary_min: 1000,
    salary_max: 2000,
    is_active: true,
  })

  // The Jobs tab names the public job-board feed of these jobs, and the new job is in it.
  const feedLink = page.getByRole('link', { name: /\/feeds\/employers\/[^/]+\/jobs\.xml$/ })
  const feed = await request.get((await feedLink.getAttribute('href')) ?? '')
  expect(feed.status()).toBe(200)
  expect(await feed.text()).toContain('<title>Data Analyst</title>')
  expect(new Date(job.expires_at).toISOString().slice(0, 10)).toBe(utcDay(30))

  // Pause, then activate.
  await card.getByRole('button', { name: 'Pause' }).click()
  await expect(toast(page, 'Job paused successfully')).toBeVisible()
  await expect(card.getByText('Paused', { exact: true })).toBeVisible()
  await card.getByRole('button', { name: 'Activate' }).click()
  await expect(toast(page, 'Job activated successfully')).toBeVisible()
  await expect(card.getByText('Active', { exact: true })).toBeVisible()

  // Edit the title.
  await card.getByRole('button', { name: 'Edit' }).click()
  const editDialog = page.getByRole('dialog', { name: 'Edit Job Posting' })
  await expect(editDialog.getByLabel('Job title')).toHaveValue('Data Analyst')
  await editDialog.getByLabel('Job title').fill('Senior Data Analyst')
  await editDialog.getByRole('button', { name: 'Save Changes' }).click()
  await expect(toast(page, 'Job updated successfully!')).toBeVisible()
  await expect(editDialog).toHaveCount(0)
  const edited = page.getByRole('article', { name: 'Senior Data Analyst' })
  await expect(edited).toBeVisible()
  await expect(edited).toHaveAttribute('data-border', 'purple')
  await expect(edited.locator('img')).toHaveAttribute('src', /^\/api\/v1\/logos\//)

  // Share opens a chat link with the /jobs address in a new window.
  await context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/plain', body: 'shared' }))
  const popupEvent = page.waitForEvent('popup')
  await edited.getByRole('button', { name: 'Share' }).click()
  const popup = await popupEvent
  const origin = new URL(page.url()).origin
  await expect.poll(() => popup.url()).toContain('https://wa.me/?text=')
  expect(decodeURIComponent(new URL(popup.url()).search)).toBe(`?text=Senior Data Analyst at ${COMPANY} - ${origin}/jobs`)
  await popup.close()

  // Delete asks first and says pending applications are declined.
  await edited.getByRole('button', { name: 'Delete' }).click()
  const deleteDialog = page.getByRole('dialog', { name: 'Delete job' })
  await expect(deleteDialog).toContainText('pending applications to this job will be declined')
  await deleteDialog.getByRole('button', { name: 'Close' }).click()
  await expect(edited).toBeVisible()
  await edited.getByRole('button', { name: 'Delete' }).click()
  await page.getByRole('dialog', { name: 'Delete job' }).getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(toast(page, 'Job deleted successfully')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'No jobs posted yet' })).toBeVisible()
})

test('card borders: purple when new, blue after 5 days, red once expired', async ({ page, request }) => {
  const token = await signedInEmployer(page, request)
  await postJob(request, token, { job_title: 'Expired Role', posted_at: utcDay(-10), expires_at: utcDay(-3) })
  await postJob(request, token, { job_title: 'Older Role', posted_at: utcDay(-6) })
  await postJob(request, token, { job_title: 'Fresh Role', posted_at: '' })
  await page.goto('/employer')

  await expect(page.getByRole('article', { name: 'Fresh Role' })).toHaveAttribute('data-border', 'purple')
  await expect(page.getByRole('article', { name: 'Older Role' })).toHaveAttribute('data-border', 'blue')
  const expired = page.getByRole('article', { name: 'Expired Role' })
  await expect(expired).toHaveAttribute('data-border', 'red')
  await expect(expired.getByText('Expired', { exact: true })).toBeVisible()
  // Newest posted first.
  await expect(page.getByRole('article')).toHaveText([/Fresh Role/, /Older Role/, /Expired Role/])
})

test('a signed-out visitor to /employer/post-job is asked to sign in, not redirected', async ({ page }) => {
  await page.goto('/employer/post-job')
  await expect(page).toHaveURL('/employer/post-job')
  await expect(page.getByRole('heading', { level: 1, name: 'Post a Job' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Sign in to post a job' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Sign in as an employer' })).toHaveAttribute('href', '/employer/auth')
  await expect(page.getByRole('textbox')).toHaveCount(0)
})

test('the dashboard tabs and the mobile menu', async ({ page, request }) => {
  await signedInEmployer(page, request)
  await page.goto('/employer')
  const nav = page.getByRole('navigation', { name: 'Employer' })
  await expect(nav.getByRole('link', { name: 'Bulk Import' })).toHaveAttribute('href', '/employer/bulk-import')
  await expect(nav.getByRole('link', { name: 'Post New Job' })).toHaveAttribute('href', '/employer/post-job')

  // Tabs are kept in the address and follow the arrow keys.
  await page.getByRole('tab', { name: 'Jobs' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('tab', { name: 'Applications' })).toHaveAttribute('aria-selected', 'true')
  await expect(page).toHaveURL('/employer?tab=applications')
  await expect(page.getByText('No applications yet')).toBeVisible()
  await page.getByRole('tab', { name: 'Analytics' }).click()
  await expect(page).toHaveURL('/employer?tab=analytics')
  await expect(page.getByText('No data available yet. Post jobs to see analytics.', { exact: true })).toBeVisible()

  // Below the sm breakpoint the header buttons move into a menu.
  await page.setViewportSize({ width: 390, height: 800 })
  await expect(nav).toBeHidden()
  const menuButton = page.getByRole('button', { name: 'Menu' })
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false')
  await menuButton.click()
  const menu = page.getByRole('navigation', { name: 'Employer menu' })
  await expect(menu.getByRole('link', { name: 'Bulk Import' })).toBeVisible()
  await expect(menu.getByRole('button', { name: 'Sign out' })).toBeVisible()
  await menu.getByRole('link', { name: 'Post New Job' }).click()
  await expect(page).toHaveURL('/employer/post-job')
  await expect(menu).toHaveCount(0)
})
