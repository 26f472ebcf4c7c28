import { expect, test } from '@playwright/test'
import { createCandidate, createEmployer, openSignUp, PASSWORD, signInOnAuthPage, toast, uniqueEmail } from './support/accounts.ts'

test.describe('candidate auth (/auth)', () => {
  test('shows sign in, toggles to sign up, and links to the employer portal', async ({ page }) => {
    await page.goto('/auth')
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible()
    await expect(page.getByLabel('Full Name')).toHaveCount(0)
    await expect(page.getByLabel('Email')).toBeVisible()
    await expect(page.getByLabel('Password')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible()

    await openSignUp(page)
    await expect(page.getByRole('heading', { level: 1, name: 'Get Started' })).toBeVisible()
    await expect(page.getByLabel('Full Name')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Create Account', exact: true })).toBeVisible()

    // Nothing measures the spec's counts and rates: the panel says what JobTap does, with no figure.
    const panel = page.getByRole('complementary', { name: 'Why JobTap' })
    await expect(panel.getByRole('listitem')).toHaveCount(4)
    await expect(panel).not.toContainText(/\d/)

    await page.getByRole('link', { name: 'Are you an employer? Post jobs' }).click()
    await expect(page).toHaveURL('/employer/auth')
    await expect(page.getByRole('heading', { level: 1, name: 'Employer Portal' })).toBeVisible()
  })

  test('validation messages come from the shared rules before any request', async ({ page }) => {
    let authCalls = 0
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/auth/')) authCalls += 1
    })
    await page.goto('/auth')
    await openSignUp(page)

    await page.getByLabel('Email').fill('not-an-email')
    await page.getByLabel('Password').fill('kombi to Mbare')
    await page.getByLabel('Full Name').fill('Tariro')
    await page.getByRole('button', { name: 'Create Account' }).click()
    await expect(toast(page, 'Invalid email address')).toBeVisible()

    await expect(page.getByText('At least 8 characters, and not a commonly used password')).toBeVisible()
    await page.getByLabel('Email').fill('tariro@example.com')
    await page.getByLabel('Password').fill('Zq7-kp1')
    await page.getByRole('button', { name: 'Create Account' }).click()
    await expect(toast(page, 'Password must be at least 8 characters')).toBeVisible()

    await page.getByLabel('Password').fill('kombi to Mbare')
    await page.getByLabel('Full Name').fill('   ')
    await page.getByRole('button', { name: 'Create Account' }).click()
    await expect(toast(page, 'Please enter your full name')).toBeVisible()
    expect(authCalls).toBe(0)
  })

  test('a common password is refused by the server in plain words, and nothing is created', async ({ page }) => {
    const email = uniqueEmail('common')
    await page.goto('/auth')
    await openSignUp(page)
    await page.getByLabel('Full Name').fill('Tariro Moyo')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill('Password1')
    await page.getByRole('button', { name: 'Create Account' }).click()
    await expect(
      toast(page, 'This password is one of the most common and is easy to guess. Please choose another.'),
    ).toBeVisible()
    await expect(page).toHaveURL('/auth')

    await page.getByLabel('Password').fill('Password1 for JobTap in Harare')
    await page.getByRole('button', { name: 'Create Account' }).click()
    await expect(page).toHaveURL('/onboarding')
  })

  test('wrong password shows the server message; an existing email is refused at sign-up', async ({ page, request }) => {
    const { email } = await createCandidate(request)
    await page.goto('/auth')
    await signInOnAuthPage(page, email, 'wrong-password')
    await expect(toast(page, 'Invalid email or password')).toBeVisible()
    await expect(page).toHaveURL('/auth')

    await openSignUp(page)
    await page.getByLabel('Full Name').fill('Someone Else')
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Create Account' }).click()
    await expect(toast(page, 'An account with this email already exists. Please sign in instead.')).toBeVisible()
  })

  test('sign-in goes to /jobs with "Welcome back!", survives a reload, and sign-out goes to /', async ({ page, request }) => {
    const { email, password } = await createCandidate(request)
    await page.goto('/auth')
    await signInOnAuthPage(page, email, password)
    await expect(page).toHaveURL('/jobs')
    await expect(toast(page, 'Welcome back!')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: 'Find Your Next Role' })).toBeVisible()

    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Find Your Next Role' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Edit your profile' })).toHaveAttribute('href', '/onboarding')

    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect(page).toHaveURL('/')
    await page.goto('/jobs')
    await expect(page).toHaveURL('/auth')
  })

  test('a job opened while signed out opens after sign-in', async ({ page, request }) => {
    const { email, password } = await createCandidate(request)
    await page.goto('/job/mock-frontend-intern')
    await expect(page).toHaveURL('/auth')
    await signInOnAuthPage(page, email, password)
    await expect(page).toHaveURL('/job/mock-frontend-intern')
    await expect(page.getByRole('heading', { level: 1, name: 'Job Details' })).toBeVisible()

    // The stored job is used once: the next sign-in lands on the feed.
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect(page).toHaveURL('/')
    await page.goto('/auth')
    await signInOnAuthPage(page, email, password)
    await expect(page).toHaveURL('/jobs')
  })

  test('signing out in one tab signs out the other', async ({ context, request }) => {
    const { email, password } = await createCandidate(request)
    const first = await context.newPage()
    await first.goto('/auth')
    await signInOnAuthPage(first, email, password)
    await expect(first).toHaveURL('/jobs')

    const second = await context.newPage()
    await second.goto('/applications')
    await expect(second.getByRole('heading', { level: 1, name: 'My Applications' })).toBeVisible()

    await first.getByRole('button', { name: 'Sign out' }).click()
    await expect(first).toHaveURL('/')
    await expect(second).toHaveURL('/auth')
  })

  test('a tab refreshing later uses the tokens another tab already rotated', async ({ context, request }) => {
    const { email, password } = await createCandidate(request)
    const first = await context.newPage()
    await first.goto('/auth')
    await signInOnAuthPage(first, email, password)
    await expect(first).toHaveURL('/jobs')

    const second = await context.newPage()
    await second.clock.install()
    await second.goto('/documents')
    await expect(second.getByRole('heading', { level: 1, name: 'My Documents' })).toBeVisible()

    // Every refresh request of the context, from before the rotation: a request's event may reach
    // the test after the page's own answer, so the rotation's event could otherwise come in late
    // and be taken for the tab's refresh.
    const sentRefreshTokens: string[] = []
    context.on('request', (req) => {
      if (req.url().endsWith('/api/v1/auth/refresh')) sentRefreshTokens.push(req.postDataJSON().refresh_token)
    })

    // The first tab rotates the tokens (as its own refresh would) and shares them through storage.
    const { before, rotated } = await first.evaluate(async () => {
      const session = JSON.parse(localStorage.getItem('jobtap.session') ?? '{}')
      const sent = session.refreshToken as string
      const response = await fetch('/api/v1/auth/refresh', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ refresh_token: sent }),
      })
      const body = await response.json()
      session.accessToken = body.access_token
      session.refreshToken = body.refresh_token
      localStorage.setItem('jobtap.session', JSON.stringify(session))
      return { before: sent, rotated: body.refresh_token as string }
    })

    // Storage reaches another tab's renderer a moment after the write; the scenario is a tab that
    // refreshes later, so the clock moves only once the second tab reads the rotated session.
    await expect
      .poll(() => second.evaluate(() => JSON.parse(localStorage.getItem('jobtap.session') ?? '{}').refreshToken))
      .toBe(rotated)

    // The clock is the context's: fifteen minutes later both tabs find the access token expiring, and
    // whichever refreshes first does it once, with the rotated token; the other takes its result.
    await second.clock.fastForward('15:00')
    await expect.poll(() => sentRefreshTokens.length).toBe(2)
    expect(new Set(sentRefreshTokens)).toEqual(new Set([before, rotated]))
    await expect
      .poll(() => second.evaluate(() => JSON.parse(localStorage.getItem('jobtap.session') ?? '{}').refreshToken))
      .not.toBe(rotated)
    expect(sentRefreshTokens).toHaveLength(2)
    await expect(second).toHaveURL('/documents')
  })
})

test.describe('employer auth (/employer/auth)', () => {
  test('sign-up creates an employer account and opens the dashboard', async ({ page }) => {
    await page.goto('/employer/auth')
    await expect(page.getByRole('heading', { level: 1, name: 'Employer Portal' })).toBeVisible()
    // No invented figures and no trial JobTap does not have.
    const panel = page.getByRole('complementary', { name: 'Why hire with JobTap' })
    await expect(panel.getByRole('listitem')).toHaveCount(3)
    await expect(panel).not.toContainText(/\d/)
    await expect(page.getByText(/free trial/i)).toHaveCount(0)

    await page.getByRole('button', { name: 'Create an employer account' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Start Hiring' })).toBeVisible()
    await page.getByLabel('Full Name').fill('Rudo Chikore')
    await page.getByLabel('Work Email').fill(uniqueEmail('emp'))
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Create Account' }).click()
    await expect(toast(page, 'Please fill in all fields')).toBeVisible()

    await page.getByLabel('Company Name').fill('Acme Zimbabwe')
    await page.getByRole('button', { name: 'Create Account' }).click()
    await expect(page).toHaveURL('/employer')
    await expect(toast(page, 'Employer account created!')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: 'Employer Dashboard' })).toBeVisible()
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect(page).toHaveURL('/')
  })

  test('sign-in welcomes the employer back on the dashboard', async ({ page, request }) => {
    const { email, password } = await createEmployer(request)
    await page.goto('/employer/auth')
    await signInOnAuthPage(page, email, password)
    await expect(page).toHaveURL('/employer')
    await expect(toast(page, 'Welcome back!')).toBeVisible()
  })

  test('a candidate account is refused at employer sign-in and stays signed out', async ({ page, request }) => {
    const { email, password } = await createCandidate(request)
    await page.goto('/employer/auth')
    await signInOnAuthPage(page, email, password)
    await expect(toast(page, 'This account is not registered as an employer')).toBeVisible()
    await expect(page).toHaveURL('/employer/auth')
    await page.goto('/employer')
    await expect(page).toHaveURL('/employer/auth')
  })

  test('a signed-in candidate visiting /employer is sent home with "Access denied"', async ({ page, request }) => {
    const { email, password } = await createCandidate(request)
    await page.goto('/auth')
    await signInOnAuthPage(page, email, password)
    await expect(page).toHaveURL('/jobs')
    await page.goto('/employer')
    await expect(page).toHaveURL('/')
    await expect(toast(page, 'Access denied. Employer account required.')).toBeVisible()
  })
})
