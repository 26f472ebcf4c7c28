import { expect, test, type Page } from '@playwright/test'
import { openSignedIn, signUpEmployer } from './support/applying.ts'
import { postJob, signedInCandidate, uniqueTitle } from './support/feed.ts'

// The AI chat widget (spec, candidate §2 "AI chat widget", §4 "Chat", §5; employer §2)
// against the real server and its built-in assistant.

/** Fails the test if the page ever opens a JavaScript dialog (an injected alert). */
function forbidDialogs(page: Page) {
  const opened: string[] = []
  page.on('dialog', (dialog) => {
    opened.push(dialog.message())
    void dialog.dismiss()
  })
  return opened
}

async function openChat(page: Page) {
  await page.getByRole('button', { name: 'Open SwipeJob AI' }).click()
  return page.getByRole('dialog', { name: 'SwipeJob AI' })
}

test('"Find me a job" lists the best jobs with links, the prompts go, and the log stays at its end', async ({ page, request }) => {
  const dialogs = forbidDialogs(page)
  await signedInCandidate(page, request)
  await page.goto('/jobs')
  const panel = await openChat(page)

  await expect(panel).toHaveCSS('width', '384px')
  await expect(panel).toHaveCSS('height', '600px')
  await expect(panel.getByRole('heading', { name: 'SwipeJob AI' })).toBeVisible()
  const log = panel.getByRole('log', { name: 'Conversation' })
  await expect(log).toContainText("Hi! I'm SwipeJob AI")
  const input = panel.getByPlaceholder('Ask me anything...')
  await expect(input).toBeFocused()
  await expect(panel.getByRole('button', { name: 'Send message' })).toBeDisabled()
  const prompts = panel.getByRole('list', { name: 'Quick prompts' })
  await expect(prompts.getByRole('button')).toHaveText(['Match my resume', 'Find me a job', 'Career advice'])

  await prompts.getByRole('button', { name: 'Find me a job' }).click()
  await expect(prompts).toHaveCount(0)
  await expect(log).toContainText('You: Find me a job')
  await expect(log).toContainText('ranked by your fit score')
  const jobLinks = log.getByRole('link', { name: / at / })
  await expect(jobLinks).toHaveCount(5)
  for (const href of await jobLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
    expect(href).toMatch(/^\/job\/[\w-]+$/)
  }
  // The answer is longer than the log: it is scrolled to its end.
  await expect
    .poll(() => log.evaluate((el) => el.scrollHeight > el.clientHeight && el.scrollTop + el.clientHeight >= el.scrollHeight - 2))
    .toBe(true)

  // A job link opens the job page in the app; the conversation stays open.
  const first = jobLinks.first()
  const href = await first.getAttribute('href')
  await first.click()
  await expect(page).toHaveURL(new RegExp(`${href}$`))
  await expect(page.getByRole('dialog', { name: 'SwipeJob AI' }).getByRole('log')).toContainText('You: Find me a job')
  expect(dialogs).toEqual([])
})

test('Enter sends; scripts and javascript: links in messages and job titles stay text', async ({ page, request }) => {
  const dialogs = forbidDialogs(page)
  await signedInCandidate(page, request)
  const marker = uniqueTitle('Zz')
  const title = `Analyst <img src=x onerror=alert(1)> [x](javascript:alert(2)) ${marker}`
  const jobId = await postJob(request, { job_title: title })
  await page.goto('/jobs')
  const panel = await openChat(page)
  const log = panel.getByRole('log')

  const typed = '<script>alert(3)</script> [click](javascript:alert(4)) <img src=x onerror=alert(5)>'
  const input = panel.getByRole('textbox', { name: 'Message' })
  await input.fill(typed)
  await input.press('Enter')
  await expect(input).toHaveValue('')
  await expect(log.getByText(typed, { exact: true })).toBeVisible()
  // The greeting and the answer (each announced with the assistant's name).
  await expect(log.getByText('SwipeJob AI:')).toHaveCount(2)

  // A job whose title carries markup is listed by its literal title.
  await input.fill('Find me a job')
  await input.press('Enter')
  const link = log.getByRole('link', { name: `${title} at Acme Zimbabwe` })
  await expect(link).toBeVisible()
  await expect(link).toHaveAttribute('href', `/job/${jobId}`)

  expect(await log.locator('script, img, [onerror], a[href^="javascript" i]').count()).toBe(0)
  expect(dialogs).toEqual([])
})

test('the employer dashboard has the widget too, and Escape closes it', async ({ page, request }) => {
  const employer = await signUpEmployer(request)
  await openSignedIn(page, employer)
  await page.goto('/employer')
  const panel = await openChat(page)
  await expect(panel).toHaveCSS('width', '384px')
  await expect(panel.getByPlaceholder('Ask me anything...')).toBeVisible()

  await panel.getByRole('button', { name: 'Career advice' }).click()
  await expect(panel.getByRole('list', { name: 'Quick prompts' })).toHaveCount(0)
  await expect(panel.getByRole('log').getByText('SwipeJob AI:')).toHaveCount(2)
  await expect(panel.getByRole('log')).toContainText('You: Career advice')

  await page.keyboard.press('Escape')
  await expect(panel).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Open SwipeJob AI' })).toBeFocused()
})
