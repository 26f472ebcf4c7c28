import { expect, test, type Page } from '@playwright/test'
import { signedInEmployer, toast } from './support/accounts.ts'
import { ANALYST, card, gesturesReady, nurseProfile, postJob, postJobAs, showCard, signedInCandidate, uniqueTitle } from './support/feed.ts'

// The swipe feed (spec, candidate §2 "Swipe feed", "Job card", §4, §8) against the real server.
// Each test signs up its own candidate (the feed's applied marks are per candidate) and posts
// its own jobs, then finds them in the feed, whatever other tests post meanwhile.

/**
 * Drags the card by (dx, dy) with real mouse events sent through the DevTools protocol, in
 * `steps` moves `msPerStep` apart by their timestamps, so the release speed the card measures
 * is set by the test and not by how fast the machine replays the events.
 */
async function drag(page: Page, jobId: string, dx: number, dy: number, { steps = 12, msPerStep = 16 } = {}) {
  await gesturesReady(page)
  // From the title: no buttons or links there.
  const title = card(page, jobId).getByRole('heading', { level: 2 })
  await title.scrollIntoViewIfNeeded()
  const box = await title.boundingBox()
  if (!box) throw new Error('The card is not on screen')
  const x = box.x + box.width / 2
  const y = box.y + box.height / 2
  const cdp = await page.context().newCDPSession(page)
  const start = Date.now() / 1000
  const at = (step: number) => start + (msPerStep / 1000) * step
  const mouse = { button: 'left' as const, clickCount: 1 }
  await cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y, timestamp: at(0) })
  await cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', x, y, ...mouse, timestamp: at(0) })
  for (let i = 1; i <= steps; i++) {
    const point = { x: x + (dx * i) / steps, y: y + (dy * i) / steps }
    await cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', ...point, buttons: 1, timestamp: at(i) })
  }
  await cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x: x + dx, y: y + dy, ...mouse, timestamp: at(steps + 1) })
  await cdp.detach()
}

/** Two quick clicks on the card's title: the double tap. */
async function doubleTap(page: Page, jobId: string) {
  await gesturesReady(page)
  await card(page, jobId).getByRole('heading', { level: 2 }).dblclick()
}

test('the feed shows one full job card with its actions, hint and header', async ({ page, request }) => {
  await signedInCandidate(page, request)
  const title = uniqueTitle('Reporting Analyst')
  const id = await postJob(request, {
    job_title: title,
    requirements: ['SQL reporting', 'Python scripting', 'Dashboards', 'Clear writing'],
    benefits: ['Medical aid', 'Laptop', 'Learning budget', 'Remote Fridays', 'Bonus', 'Pension'],
    job_description: 'Turn sales data into weekly reports with SQL and Python. You will work with the finance team.',
  })
  await page.goto('/jobs')
  await expect(page.getByRole('heading', { level: 1, name: 'Find Your Next Role' })).toBeVisible()
  for (const link of ['Prepare Interview', 'Documents', 'Track Applications']) {
    await expect(page.getByRole('navigation', { name: 'Candidate' }).getByRole('link', { name: link })).toBeVisible()
  }
  await expect(page.getByText('Double Tap: Apply • 👈 Reject • 👇 Copy • 👉 Next', { exact: true })).toBeVisible()
  for (const action of ['Reject job', 'Apply to job', 'Copy job link', 'Next job']) {
    await expect(page.getByRole('button', { name: action, exact: true })).toBeVisible()
  }

  const job = await showCard(page, id)
  await expect(job).toHaveCSS('height', '600px')
  await expect(job.getByRole('heading', { name: title })).toBeVisible()
  await expect(job).toContainText('Acme Zimbabwe')
  await expect(job).toContainText('Harare')
  await expect(job).toContainText('$1,200 - $2,000')
  await expect(job).toContainText('Full-time')
  await expect(job).toContainText(/Posted [A-Z][a-z]{2} \d{1,2}, \d{4}/)
  // The first sentence, two requirements with the note, four benefits and "+2 more".
  await expect(job).toContainText('Turn sales data into weekly reports with SQL and Python.')
  await expect(job).not.toContainText('finance team')
  await expect(job).toContainText('+2 more requirements (click magnifier to view all)')
  await expect(job).toContainText('+2 more')
  await expect(job.getByText('Pension')).toHaveCount(0)
  // No logo: the role icon (analyst → data) on its gradient.
  await expect(job.getByTestId('role-icon')).toHaveAttribute('data-role', 'data')

  // The magnifier opens the whole description, at most 80vh high.
  await job.getByRole('button', { name: 'View full description' }).click()
  const dialog = page.getByRole('dialog', { name: title })
  await expect(dialog).toContainText('You will work with the finance team.')
  await expect(dialog).toContainText('Pension')
  await expect(dialog).toHaveCSS('max-height', `${Math.floor(0.8 * 720)}px`)
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(job.getByRole('button', { name: 'View full description' })).toBeFocused()

  // The fit breakdown before applying.
  await job.getByRole('button', { name: 'Check my fit' }).click()
  const fit = page.getByRole('dialog', { name: 'Your fit for this job' })
  await expect(fit).toContainText(/Your fit: \d+\.\d%/)
  await expect(fit).toContainText('Meets this job\'s 20% threshold')
  await fit.getByRole('button', { name: 'Close' }).click()
})

test('dragging a card left with the pointer rejects it, and undo brings it back', async ({ page, request }) => {
  await signedInCandidate(page, request)
  const id = await postJob(request, { job_title: uniqueTitle('Drag Target') })
  await page.goto('/jobs')
  await showCard(page, id)

  // A short, slow drag is no swipe (40 px in 640 ms, under the flick speed): the card snaps back.
  await drag(page, id, -40, 0, { steps: 20, msPerStep: 32 })
  await expect(card(page, id)).toBeVisible()
  await expect(toast(page, 'Job rejected')).toHaveCount(0)

  await drag(page, id, -260, 10)
  await expect(toast(page, 'Job rejected')).toBeVisible()
  await expect(card(page, id)).toHaveCount(0)

  await page.getByRole('button', { name: 'Undo last swipe' }).click()
  await expect(card(page, id)).toBeVisible()

  // The same 40 px as a quick flick (in 64 ms) is a swipe.
  await drag(page, id, -40, 0, { steps: 4, msPerStep: 16 })
  await expect(card(page, id)).toHaveCount(0)
})

test('a rejected job stays gone after a reload; undo brings it back for good', async ({ page, request }) => {
  const candidate = await signedInCandidate(page, request)
  const id = await postJob(request, { job_title: uniqueTitle('Reject Me') })
  const rejected = (method: string) =>
    page.waitForResponse((r) => r.url().endsWith(`/api/v1/jobs/${id}/rejection`) && r.request().method() === method)
  const feedIds = async () => {
    const ids: string[] = []
    let cursor: string | null = null
    do {
      const query: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`
      const answer = await request.get(`/api/v1/jobs?limit=50${query}`, { headers: { Authorization: `Bearer ${candidate.token}` } })
      const body = (await answer.json()) as { jobs: Array<{ id: string }>; next_cursor: string | null }
      ids.push(...body.jobs.map((j) => j.id))
      cursor = body.next_cursor
    } while (cursor !== null)
    return ids
  }
  await page.goto('/jobs')
  await showCard(page, id)
  const stored = rejected('PUT')
  await page.keyboard.press('ArrowLeft')
  expect((await stored).status()).toBe(204)
  await expect(card(page, id)).toHaveCount(0)

  await page.reload()
  await expect(page.locator('article[data-job-id]')).toBeVisible()
  await expect(card(page, id)).toHaveCount(0)
  expect(await feedIds()).not.toContain(id)

  // Undo after the reload has nothing to take back; the job returns once the rejection is
  // withdrawn, here through the same call the Undo button makes.
  const auth = { Authorization: `Bearer ${candidate.token}` }
  expect((await request.delete(`/api/v1/jobs/${id}/rejection`, { headers: auth })).status()).toBe(204)
  expect(await feedIds()).toContain(id)
})

test('a nurse is refused on a software job at the default threshold, and told it is the field', async ({ page, request }) => {
  const nurse = await signedInCandidate(page, request, nurseProfile())
  const id = await postJob(request, {
    job_title: uniqueTitle('Frontend Developer'),
    skills: ['React', 'TypeScript', 'CSS'],
    required_degree_classes: ['Computer Science', 'Software Engineering'],
    job_description: 'Build the screens of our banking app in React and TypeScript.',
  })
  const score = await request.get(`/api/v1/jobs/${id}/score`, { headers: { Authorization: `Bearer ${nurse.token}` } })
  const fit = (await score.json()) as { scorePercentage: number; meetsThreshold: boolean; threshold: number }
  expect(fit.threshold).toBe(20)
  expect(fit.meetsThreshold).toBe(false)

  await page.goto('/jobs')
  await showCard(page, id)
  await page.getByRole('button', { name: 'Apply to job' }).click()
  const method = page.getByRole('dialog', { name: "You don't meet this job's threshold" })
  await expect(method).toContainText("Nursing is unrelated to the job's Computer Science or Software Engineering")
  await expect(method).toContainText('no role in your resume fits this job')
  const gap = (Math.round((fit.threshold - fit.scorePercentage) * 10) / 10).toFixed(1)
  await expect(method).toContainText(`you are ${gap} points short`)
  await expect(method.getByRole('button', { name: 'Apply with JobTap' })).toBeDisabled()
  const mine = await request.get('/api/v1/applications', { headers: { Authorization: `Bearer ${nurse.token}` } })
  expect((await mine.json()).applications).toEqual([])
})

test('double tap applies with JobTap; applying again shows "Job Already Applied" and moves on', async ({ page, request }) => {
  const candidate = await signedInCandidate(page, request)
  const title = uniqueTitle('Sales Data Analyst')
  const id = await postJob(request, { job_title: title, skills: ['SQL', 'Python'], minimum_score_threshold: 20 })
  await page.goto('/jobs')
  await showCard(page, id)

  await doubleTap(page, id)
  const method = page.getByRole('dialog', { name: 'Choose Application Method' })
  await expect(method).toBeVisible()
  await expect(method).toContainText(/Your fit: \d+\.\d%/)
  // No employer address on this job: only JobTap or Cancel.
  await expect(method.getByRole('button', { name: 'Apply via Email' })).toHaveCount(0)
  await expect(method.getByRole('button', { name: 'Cancel' })).toBeVisible()
  await method.getByRole('button', { name: 'Apply with JobTap' }).click()

  await expect(toast(page, 'Application successfully submitted!')).toBeVisible()
  await expect(card(page, id)).toHaveCount(0)
  const mine = await request.get('/api/v1/applications', { headers: { Authorization: `Bearer ${candidate.token}` } })
  const applications = (await mine.json()).applications as Array<{ job_id: string; cover_letter: string }>
  expect(applications.map((a) => a.job_id)).toEqual([id])
  expect(applications[0]?.cover_letter).toContain(title)

  // Back to the job: it is marked applied, and applying again only says so.
  await page.getByRole('button', { name: 'Undo last swipe' }).click()
  await expect(card(page, id).getByText('Applied', { exact: true })).toBeVisible()
  await doubleTap(page, id)
  await expect(page.getByRole('status').getByText('Job Already Applied')).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(card(page, id)).toHaveCount(0)
  await expect(page.getByText('Job Already Applied')).toHaveCount(0)
})

test('the letter the candidate edits in the apply dialog is the one the employer reads', async ({ page, request, browser }) => {
  const context = await browser.newContext()
  const employerPage = await context.newPage()
  const employerToken = await signedInEmployer(employerPage, request)
  const title = uniqueTitle('Sales Data Analyst')
  const id = await postJobAs(request, employerToken, { job_title: title, skills: ['SQL', 'Python'] })
  const candidate = await signedInCandidate(page, request)
  await page.goto('/jobs')
  await showCard(page, id)
  await page.getByRole('button', { name: 'Apply to job' }).click()
  const method = page.getByRole('dialog', { name: 'Choose Application Method' })
  const letter = method.getByRole('textbox', { name: 'Cover letter' })
  await expect(letter).toHaveValue(/^Dear Acme Zimbabwe Hiring Team,/)
  await expect(letter).toHaveValue(new RegExp(title))
  const first = await letter.inputValue()
  await method.getByRole('button', { name: 'Regenerate' }).click()
  await expect(letter).not.toHaveValue(first)
  const postscript = 'P.S. I can start on the first of next month.'
  await letter.fill(`${await letter.inputValue()}\n\n${postscript}`)
  await method.getByRole('button', { name: 'Apply with JobTap' }).click()
  await expect(toast(page, 'Application successfully submitted!')).toBeVisible()

  await employerPage.goto('/employer/applications')
  const name = String(candidate.body.user.full_name)
  await employerPage.getByRole('article', { name }).getByRole('button', { name: 'View Candidate' }).click()
  const profile = employerPage.getByRole('dialog', { name: 'Candidate Profile' })
  await expect(profile).toContainText(postscript)
  await expect(profile).not.toContainText(first.split('\n\n')[1] ?? first)
  await context.close()
})

test('a job above the candidate\'s fit says so with the gap to its threshold and offers no JobTap application', async ({ page, request }) => {
  const candidate = await signedInCandidate(page, request)
  const id = await postJob(request, {
    job_title: uniqueTitle('Principal Rust Engineer'),
    skills: ['Rust', 'Kubernetes', 'gRPC', 'Terraform'],
    minimum_score_threshold: 95,
  })
  const score = await request.get(`/api/v1/jobs/${id}/score`, { headers: { Authorization: `Bearer ${candidate.token}` } })
  const { scorePercentage, meetsThreshold, threshold } = await score.json()
  expect(meetsThreshold).toBe(false)
  expect(threshold).toBe(95)

  await page.goto('/jobs')
  await showCard(page, id)
  await page.getByRole('button', { name: 'Apply to job' }).click()
  const refused = page.getByRole('dialog', { name: "You don't meet this job's threshold" })
  await expect(refused).toContainText('Below this job\'s 95% threshold')
  // The gap is to the job's threshold, from the score the server returned, not to 100 %.
  const gap = (Math.round((95 - scorePercentage) * 10) / 10).toFixed(1)
  await expect(refused).toContainText(`this job asks for at least 95%: you are ${gap} points short`)
  await expect(refused).not.toContainText('JobTap sends this cover letter')
  await expect(refused.getByRole('button', { name: 'Apply with JobTap' })).toBeDisabled()
  await refused.getByRole('button', { name: 'Cancel' }).click()
  // Nothing was sent: the card stays, and nothing was stored.
  await expect(card(page, id)).toBeVisible()
  const mine = await request.get('/api/v1/applications', { headers: { Authorization: `Bearer ${candidate.token}` } })
  expect((await mine.json()).applications).toEqual([])
})

test('keyboard: ← rejects, → next, ↓ copies the link, Enter applies, Backspace undoes', async ({ page, request, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signedInCandidate(page, request)
  const title = uniqueTitle('Keyboard Analyst')
  const id = await postJob(request, { job_title: title })
  await page.goto('/jobs')
  await showCard(page, id)
  await page.locator('body').click({ position: { x: 5, y: 300 } })

  await page.keyboard.press('ArrowLeft')
  await expect(toast(page, 'Job rejected')).toBeVisible()
  await expect(card(page, id)).toHaveCount(0)
  await page.keyboard.press('Backspace')
  await expect(card(page, id)).toBeVisible()

  await page.keyboard.press('ArrowRight')
  await expect(card(page, id)).toHaveCount(0)
  await page.keyboard.press('Backspace')
  await expect(card(page, id)).toBeVisible()

  await page.keyboard.press('ArrowDown')
  await expect(toast(page, 'Job link with title copied!')).toBeVisible()
  await expect(card(page, id)).toHaveCount(0)
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${title} at Acme Zimbabwe - ${baseURL}/job/${id}`)
  await page.keyboard.press('Backspace')
  await expect(card(page, id)).toBeVisible()

  await page.keyboard.press('Enter')
  const method = page.getByRole('dialog', { name: 'Choose Application Method' })
  await expect(method).toBeVisible()
  // Keys inside the dialog are the dialog's: no swipe behind it.
  await page.keyboard.press('ArrowLeft')
  await expect(card(page, id)).toBeVisible()
  await method.getByRole('button', { name: 'Cancel' }).click()
  await expect(method).toHaveCount(0)
  await expect(card(page, id)).toBeVisible()
})

test('a sample (mock-) job is refused with the spec\'s toast', async ({ page, request }) => {
  await signedInCandidate(page, request)
  await page.goto('/jobs')
  await showCard(page, 'mock-frontend-intern')
  await doubleTap(page, 'mock-frontend-intern')
  await expect(toast(page, 'Sample jobs take no applications')).toBeVisible()
  // A complete profile is not told to complete itself: it learns the job is a sample.
  await expect(toast(page, 'This job shows how JobTap works. Jobs without the Sample job badge take applications.')).toBeVisible()
  await expect(card(page, 'mock-frontend-intern').getByText('Sample job', { exact: true })).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(card(page, 'mock-frontend-intern')).toBeVisible()
})

test('a LinkedIn job shows "Apply with LinkedIn", opens the link in a new tab and moves on', async ({ page, request, context }) => {
  await context.route('https://www.linkedin.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>LinkedIn job</title>' }),
  )
  await signedInCandidate(page, request)
  const linkedin = 'https://www.linkedin.com/jobs/view/3901234567'
  const id = await postJob(request, { job_title: uniqueTitle('Full Stack Engineer'), linkedin_url: linkedin })
  await page.goto('/jobs')
  const job = await showCard(page, id)
  await expect(job.getByRole('link', { name: 'Apply on LinkedIn' })).toHaveAttribute('href', linkedin)

  const popup = page.waitForEvent('popup')
  await page.getByRole('button', { name: 'Apply to job' }).click()
  await expect(page.getByRole('status').getByText('Apply with LinkedIn')).toBeVisible()
  await expect(card(page, id)).toBeVisible()
  const tab = await popup
  await expect(tab).toHaveURL(linkedin)
  await expect(card(page, id)).toHaveCount(0)
})

test('"Apply via Email" opens a mail link with the letter and the ticked documents, to the editable employer address', async ({ page, request }) => {
  // Records the mail link instead of handing it to the system.
  await page.addInitScript(() => {
    const click = HTMLAnchorElement.prototype.click
    HTMLAnchorElement.prototype.click = function () {
      if (this.href.startsWith('mailto:')) (window as unknown as { mailto: string }).mailto = this.href
      else click.call(this)
    }
  })
  await signedInCandidate(page, request, ANALYST)
  const title = uniqueTitle('Data Analyst')
  const id = await postJob(request, { job_title: title, application_email: 'hr@acme.co.zw' })
  await page.goto('/jobs')
  await showCard(page, id)
  await doubleTap(page, id)

  const method = page.getByRole('dialog', { name: 'Choose Application Method' })
  const address = method.getByLabel('Employer email')
  await expect(address).toHaveValue('hr@acme.co.zw')
  await address.fill('')
  await method.getByRole('button', { name: 'Apply via Email' }).click()
  await expect(toast(page, "Please enter the employer's email")).toBeVisible()
  await address.fill('talent@acme.co.zw')
  await method.getByRole('button', { name: 'Apply via Email' }).click()

  await expect(toast(page, 'Opening email client...')).toBeVisible()
  const href = await page.evaluate(() => (window as unknown as { mailto: string }).mailto)
  const mail = new URL(href)
  expect(mail.protocol).toBe('mailto:')
  expect(mail.pathname).toBe('talent@acme.co.zw')
  expect(mail.searchParams.get('subject')).toContain(title)
  const body = mail.searchParams.get('body') ?? ''
  expect(body).toContain('Tendai Moyo')
  // A mail link cannot carry files: the ticked default resume goes as a share link that opens it.
  expect(body).toContain('My documents (each link opens for 30 days):')
  const link = /- resume\.txt: (\S+)/.exec(body)?.[1]
  expect(link, body).toBeDefined()
  const opened = await request.get(link!)
  expect(opened.status()).toBe(200)
  expect(await opened.text()).toBe(ANALYST.resumeText)
  await expect(card(page, id)).toHaveCount(0)
})

test('at 360 px wide the feed fits without sideways scrolling and the menu holds the header links', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await signedInCandidate(page, request)
  await page.goto('/jobs')
  await expect(page.locator('article[data-job-id]')).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await expect(page.getByRole('navigation', { name: 'Candidate' })).toBeHidden()

  await page.getByRole('button', { name: 'Menu' }).click()
  const menu = page.getByRole('navigation', { name: 'Candidate menu' })
  await expect(menu.getByRole('link', { name: 'Prepare Interview' })).toBeFocused()
  await expect(menu.getByRole('link', { name: 'Documents' })).toHaveAttribute('href', '/documents')
  await expect(menu.getByRole('link', { name: 'Track Applications' })).toHaveAttribute('href', '/applications')
  await page.keyboard.press('Escape')
  await expect(menu).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Menu' })).toBeFocused()

  await page.getByRole('button', { name: 'Menu' }).click()
  await menu.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL('/')
})
