import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/lib/session'
import { renderApp, testSession } from '@/testing/render-app'
import { uploadLogo } from '../api/jobs'

vi.mock('sonner', () => ({
  toast: { error: vi.fn<(...args: unknown[]) => string>(), success: vi.fn<(...args: unknown[]) => string>() },
}))

vi.mock('../api/jobs', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/jobs')>()),
  uploadLogo: vi.fn<(file: File) => Promise<string>>(),
}))

// jsdom has no Worker: the real core runs in the test's thread instead.
vi.mock('@/lib/core-worker', async () => {
  const { inProcessCore } = await import('@/testing/in-process-core')
  return { getCore: () => inProcessCore }
})

/** The first bytes of every PNG file: enough for the core to know one. */
const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d])

type Call = { method: string; path: string; body?: unknown }

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/** The API as the page sees it: AI answers are set per test; posting echoes a job. */
function fakeServer(ai: (body: { type: string }) => Response) {
  const calls: Call[] = []
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const path = String(input).replace('/api/v1', '')
    const method = init?.method ?? 'GET'
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    calls.push({ method, path, body })
    if (path === '/functions/ai-job-assistance') return ai(body)
    if (method === 'POST' && path === '/employer/jobs') return json(201, { job: { id: 'j1', ...body } })
    if (method === 'GET' && path === '/employer/jobs') return json(200, { jobs: [] })
    return json(404, { error: { code: 'not_found', message: 'Not found' } })
  })
  vi.stubGlobal('fetch', fetchMock)
  return calls
}

beforeEach(() => {
  sessionStore.set(
    testSession({ roles: ['employer'], companyName: 'Acme' }, Math.floor(Date.now() / 1000) + 3600),
  )
  vi.mocked(toast.error).mockClear()
  vi.mocked(toast.success).mockClear()
  vi.mocked(uploadLogo).mockReset()
  URL.createObjectURL = vi.fn<(blob: Blob) => string>(() => 'blob:logo')
  URL.revokeObjectURL = vi.fn<(url: string) => void>()
  // Failures are logged as well as toasted; keep the test output quiet.
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

afterEach(() => {
  sessionStore.clear()
  vi.unstubAllGlobals()
})

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/^Job title/), 'Data Analyst')
  await user.selectOptions(screen.getByLabelText(/^Job type/), 'Full-time')
  await user.type(screen.getByLabelText(/^Job description/), 'Weekly reports.')
  await user.type(screen.getByLabelText(/^Location/), 'Harare')
}

describe('Post a Job', () => {
  it('checks required fields in the browser before sending anything', async () => {
    const calls = fakeServer(() => json(500, {}))
    const user = userEvent.setup()
    renderApp('/employer/post-job')
    await user.click(await screen.findByRole('button', { name: 'Post Job' }))
    expect(toast.error).toHaveBeenCalledWith('Please fill in all required fields')
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)
    expect(screen.getByLabelText(/^Job title/)).toHaveAccessibleDescription('Required')
    expect(screen.getByLabelText(/^Company name/)).not.toHaveAttribute('aria-invalid')
  })

  it('generates a description, showing a spinner and disabling the button while waiting', async () => {
    let answer: (value: Response) => void = () => {}
    fakeServer(() => json(500, {}))
    // The first AI request waits for the test; anything else (the header's bell) gets the fake server.
    const server = vi.mocked(fetch).getMockImplementation()
    let waiting = true
    vi.mocked(fetch).mockImplementation((input, init) => {
      if (waiting && String(input).includes('/functions/ai-job-assistance')) {
        waiting = false
        return new Promise<Response>((resolve) => {
          answer = resolve
        })
      }
      return server ? server(input, init) : Promise.reject(new Error('no fake server'))
    })
    const user = userEvent.setup()
    renderApp('/employer/post-job')
    const button = await screen.findByRole('button', { name: 'AI Generate' })
    await user.click(button)
    expect(toast.error).toHaveBeenCalledWith('Please fill in company name, job title, and job type first')

    await user.type(screen.getByLabelText(/^Job title/), 'Data Analyst')
    await user.selectOptions(screen.getByLabelText(/^Job type/), 'Full-time')
    await user.click(button)
    await waitFor(() => expect(screen.getByRole('button', { name: /AI Generate/ })).toBeDisabled())
    expect(screen.getByRole('button', { name: /AI Generate/ })).toHaveAttribute('aria-busy', 'true')
    answer(json(200, { result: 'Join Acme as a Data Analyst.' }))
    await waitFor(() => expect(screen.getByLabelText(/^Job description/)).toHaveValue('Join Acme as a Data Analyst.'))
    expect(toast.success).toHaveBeenCalledWith('AI generated job description!')
    expect(screen.getByRole('button', { name: 'AI Generate' })).toBeEnabled()
    const [url, init] = vi.mocked(fetch).mock.calls.find(([input]) => String(input).includes('/functions/')) ?? []
    expect(url).toBe('/api/v1/functions/ai-job-assistance')
    expect(JSON.parse(String(init?.body))).toMatchObject({ type: 'description', input: { jobTitle: 'Data Analyst' } })
  })

  it('adds suggested skills, or says when the answer cannot be read', async () => {
    let skills: unknown = '["SQL", "Python", "sql"]'
    fakeServer((body) => (body.type === 'skills' ? json(200, { result: skills }) : json(500, {})))
    const user = userEvent.setup()
    renderApp('/employer/post-job')
    await user.click(await screen.findByRole('tab', { name: 'Requirements' }))
    await user.click(screen.getAllByRole('button', { name: 'AI Suggest' })[1] as HTMLElement)
    expect(toast.error).toHaveBeenCalledWith('Please fill in job title and description first')

    await user.click(screen.getByRole('tab', { name: 'Basic' }))
    await user.type(screen.getByLabelText(/^Job title/), 'Data Analyst')
    await user.type(screen.getByLabelText(/^Job description/), 'Weekly reports.')
    await user.click(screen.getByRole('tab', { name: 'Requirements' }))
    await user.click(screen.getAllByRole('button', { name: 'AI Suggest' })[1] as HTMLElement)
    const chips = await screen.findByRole('list', { name: 'Selected skills' })
    expect(within(chips).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['SQL', 'Python'])
    expect(toast.success).toHaveBeenCalledWith('AI suggested skills!')

    skills = 'SQL and Python'
    await user.click(screen.getAllByRole('button', { name: 'AI Suggest' })[1] as HTMLElement)
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Unable to parse AI suggestions'))
  })

  it('suggests a talent score (20 when the answer is not a number) and reports failures', async () => {
    let score: Response = json(200, { result: 'seventy' })
    fakeServer((body) => (body.type === 'talent-score' ? score : json(500, {})))
    const user = userEvent.setup()
    renderApp('/employer/post-job')
    await user.type(await screen.findByLabelText(/^Job title/), 'Data Analyst')
    await user.type(screen.getByLabelText(/^Job description/), 'Weekly reports.')
    await user.click(screen.getByRole('tab', { name: 'Requirements' }))
    const threshold = screen.getByLabelText('Minimum talent score threshold (%)')
    await user.clear(threshold)
    await user.type(threshold, '70')
    await user.click(screen.getAllByRole('button', { name: 'AI Suggest' })[0] as HTMLElement)
    await waitFor(() => expect(threshold).toHaveValue(20))
    expect(toast.success).toHaveBeenCalledWith('AI suggests a talent score of 20%')

    score = json(200, { result: 45 })
    await user.click(screen.getAllByRole('button', { name: 'AI Suggest' })[0] as HTMLElement)
    await waitFor(() => expect(threshold).toHaveValue(45))
    expect(toast.success).toHaveBeenCalledWith('AI suggests a talent score of 45%')

    score = json(502, { error: { code: 'ai_unavailable', message: 'The AI service is busy' } })
    await user.click(screen.getAllByRole('button', { name: 'AI Suggest' })[0] as HTMLElement)
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to generate score suggestion', {
        description: 'The AI service is busy',
      }),
    )
  })

  it('does not post when the logo upload fails, and posts with the logo once it is uploaded', async () => {
    const calls = fakeServer(() => json(500, {}))
    vi.mocked(uploadLogo).mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('/api/v1/logos/l.png')
    const user = userEvent.setup()
    const { router } = renderApp('/employer/post-job')
    await fillRequired(user)
    const png = new File([PNG_SIGNATURE], 'logo.png', { type: 'image/png' })
    await user.upload(screen.getByLabelText('Logo image'), png)
    // The image is judged by its bytes (in the core) before the choice switches to it.
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Upload' })).toBeChecked())

    await user.click(screen.getByRole('button', { name: 'Post Job' }))
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to upload logo. Please try again.', { description: undefined }),
    )
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Post Job' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/employer'))
    expect(toast.success).toHaveBeenCalledWith('Job posted successfully!')
    const post = calls.find((c) => c.method === 'POST' && c.path === '/employer/jobs')
    expect(post?.body).toMatchObject({
      company_name: 'Acme',
      company_logo: '/api/v1/logos/l.png',
      job_title: 'Data Analyst',
      job_type: 'Full-time',
      minimum_score_threshold: 20,
      posted_at: '',
    })
  })

  it('refuses a logo over 2MB or not an image in the browser, with the server\'s messages', async () => {
    fakeServer(() => json(500, {}))
    const user = userEvent.setup()
    renderApp('/employer/post-job')
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' })
    await user.upload(await screen.findByLabelText('Logo image'), big)
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Image size must be less than 2MB'))
    expect(screen.getByRole('radio', { name: 'Icon' })).toBeChecked()
    // A PDF named like an image is no image: the core reads the bytes, as the server does.
    const pdf = new File(['%PDF-1.4 not a logo'], 'logo.png', { type: 'image/png' })
    await user.upload(screen.getByLabelText('Logo image'), pdf)
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Please upload an image file'))
    expect(screen.getByRole('radio', { name: 'Icon' })).toBeChecked()
  })

  it('asks before posting a job that is live already, and posts it again when told to', async () => {
    const calls = fakeServer(() => json(500, {}))
    const question = 'You already have this job live, with the same title, place and description. Post it again?'
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      const path = String(input).replace('/api/v1', '')
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
      calls.push({ method: init?.method ?? 'GET', path, body })
      if (path === '/employer/jobs?post_again=true') return json(201, { job: { id: 'j2', ...body } })
      if (path === '/employer/jobs' && init?.method === 'POST')
        return json(409, { error: { code: 'conflict', kind: 'duplicate_job', message: question } })
      return json(200, { jobs: [] })
    })
    const user = userEvent.setup()
    renderApp('/employer/post-job')
    await fillRequired(user)
    await user.click(screen.getByRole('button', { name: 'Post Job' }))
    const dialog = await screen.findByRole('dialog', { name: 'Already posted' })
    expect(dialog).toHaveTextContent(question)
    expect(toast.error).not.toHaveBeenCalled()
    await user.click(within(dialog).getByRole('button', { name: 'Post again' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Job posted successfully!'))
    const posts = calls.filter((c) => c.method === 'POST' && c.path.startsWith('/employer/jobs'))
    expect(posts.map((c) => c.path)).toEqual(['/employer/jobs', '/employer/jobs?post_again=true'])
    expect(posts[1]?.body).toEqual(posts[0]?.body)
  })

  it('shows the failure and the server reason when posting is refused', async () => {
    fakeServer(() => json(500, {}))
    vi.mocked(fetch).mockImplementation(async () =>
      json(422, {
        error: {
          code: 'validation',
          message: 'Minimum salary cannot be more than maximum salary',
          fields: { salary_min: ['Minimum salary cannot be more than maximum salary'] },
        },
      }),
    )
    const user = userEvent.setup()
    renderApp('/employer/post-job')
    await fillRequired(user)
    await user.click(screen.getByRole('button', { name: 'Post Job' }))
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to post job', {
        description: 'Minimum salary: Minimum salary cannot be more than maximum salary',
      }),
    )
    // The field's own tab opens, and the message sits under the field.
    expect(screen.getByRole('tab', { name: /Compensation/ })).toHaveAttribute('aria-selected', 'true')
    const salary = screen.getByLabelText('Minimum salary (USD)')
    expect(salary).toHaveAttribute('aria-invalid', 'true')
    expect(salary).toHaveAccessibleDescription('Minimum salary cannot be more than maximum salary')
    // Editing the field clears its message.
    await user.type(salary, '1')
    expect(salary).not.toHaveAttribute('aria-invalid')
  })

  it("applies the server's limits in the browser, opening the field's tab and sending nothing", async () => {
    const calls = fakeServer(() => json(500, {}))
    const user = userEvent.setup()
    renderApp('/employer/post-job')
    await fillRequired(user)
    await user.click(screen.getByRole('tab', { name: /Compensation/ }))
    await user.type(screen.getByLabelText('Minimum salary (USD)'), '200000000')
    await user.click(screen.getByRole('tab', { name: /Basic/ }))
    await user.click(screen.getByRole('button', { name: 'Post Job' }))
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to post job', {
        description: 'Minimum salary: Salary must be at most 100,000,000',
      }),
    )
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)
    expect(screen.getByRole('tab', { name: /Compensation/ })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByLabelText('Minimum salary (USD)')).toHaveAccessibleDescription(
      'Salary must be at most 100,000,000',
    )

    // A title with a hidden text-direction character is refused on its own tab.
    await user.clear(screen.getByLabelText('Minimum salary (USD)'))
    await user.click(screen.getByRole('tab', { name: /Basic/ }))
    await user.type(screen.getByLabelText(/^Job title/), '\u202E')
    await user.click(screen.getByRole('button', { name: 'Post Job' }))
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to post job', {
        description: 'Job title: Remove the hidden control or text-direction characters from this field',
      }),
    )
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)
  })
})
