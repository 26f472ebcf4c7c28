import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { toast } from 'sonner'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { pdfFileName, pdfUnprintable, resumePdf } from '@/lib/core-worker/pkg/jobtap_wasm.js'
import { ResumeUpgradeDialog } from './resume-upgrade-dialog'

vi.mock('sonner', () => ({
  toast: {
    error: vi.fn<(...args: unknown[]) => string>(),
    success: vi.fn<(...args: unknown[]) => string>(),
    info: vi.fn<(...args: unknown[]) => string>(),
  },
}))

// The worker's resumePdf, run in this thread by the same wasm (jsdom has no Worker);
// `failPdf` makes it throw, for the failure toast.
const core = { failPdf: false }
vi.mock('@/lib/core-worker', () => ({
  getCore: () => ({
    resumePdf: async (text: string) => {
      if (core.failPdf) throw new Error('PDF writer failed')
      return { fileName: pdfFileName(), bytes: resumePdf(text), unprintable: pdfUnprintable(text) }
    },
  }),
}))

type Answer = { status: number; body: unknown }
type Upload = { url: string; contentType: string | undefined; body: FormData | string }

/**
 * Stand-ins for the server: XMLHttpRequest (analyze-resume and documents, sent
 * with upload progress) and fetch (upgrade-resume), answering by path. An upload
 * reports 40% sent, then waits for `finishUpload()` before answering.
 */
function fakeServer(answers: Record<string, Answer[]>) {
  const uploads: Upload[] = []
  const posts: Array<{ url: string; body: unknown }> = []
  const waiting: Array<() => void> = []
  const next = (url: string): Answer => {
    const path = url.replace('/api/v1', '')
    return answers[path]?.shift() ?? { status: 500, body: { error: { code: 'internal', message: `No answer for ${path}` } } }
  }
  class FakeXhr extends EventTarget {
    upload = new EventTarget()
    status = 0
    statusText = ''
    responseText = ''
    private url = ''
    private headers = new Map<string, string>()
    open(_method: string, url: string) {
      this.url = url
    }
    setRequestHeader(name: string, value: string) {
      this.headers.set(name.toLowerCase(), value)
    }
    getResponseHeader(name: string) {
      return name.toLowerCase() === 'content-type' ? 'application/json' : null
    }
    abort() {}
    send(body: FormData | string) {
      uploads.push({ url: this.url, contentType: this.headers.get('content-type'), body })
      const answer = next(this.url)
      queueMicrotask(() => {
        this.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded: 40, total: 100 }))
        waiting.push(() => {
          this.status = answer.status
          this.responseText = JSON.stringify(answer.body)
          this.dispatchEvent(new Event('load'))
        })
      })
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      posts.push({ url: String(input), body: JSON.parse(String(init?.body)) })
      const answer = next(String(input))
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } })
    }),
  )
  return {
    uploads,
    posts,
    /** Lets the oldest upload answer (waiting for its progress event first). */
    async finishUpload() {
      await waitFor(() => expect(waiting.length).toBeGreaterThan(0))
      waiting.shift()?.()
    },
  }
}

const WEAK_TEXT = 'Nokuthula Ndlovu nokuthula@example.com I am a hardworking person who worked with Excel and SQL.'

const weakAnalysis = {
  score: 52,
  analysis: 'Your resume scores **52%**.',
  analysisHtml: '<p>Your resume scores <strong>52%</strong>.</p>\n',
  recommendations: ['Add a SKILLS section listing your tools.', 'Start bullet points with action verbs.'],
  meetsTarget: false,
  resumeText: WEAK_TEXT,
  flags: [
    {
      id: 'filler',
      title: 'Self-praise without evidence',
      points: 3,
      lines: ['I am a hardworking person who worked with Excel and SQL.'],
      recommendation: 'Replace self-praise with what you did and its result.',
    },
  ],
  report: {
    rules: [{ id: 'keywords-target', points: 6, maxPoints: 16 }],
    keywords: { keywords: ['SQL', 'Excel', 'Tableau', 'Power BI', 'Python'], matched: ['SQL', 'Excel'], missing: ['Tableau', 'Power BI', 'Python'] },
  },
}

const upgraded = {
  upgradedResume: 'NOKUTHULA NDLOVU\n\nSUMMARY\nData analyst…\n\nSKILLS\nSQL, Excel',
  score: 91,
  previousScore: 52,
  meetsTarget: true,
  leftOut: ['I am a hardworking person who worked with Excel and SQL.'],
  stillMissing: [],
}

function renderDialog() {
  const onClose = vi.fn<() => void>()
  const router = createMemoryRouter([{ path: '*', element: <ResumeUpgradeDialog onClose={onClose} /> }])
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  // The analyser takes more kinds than `accept` lists by extension (MIME types too): test the check itself.
  return { user: userEvent.setup({ applyAccept: false }), onClose, queryClient }
}

function dialog() {
  return screen.getByRole('dialog', { name: 'Upgrade Your Resume' })
}

async function chooseAndAnalyze(user: ReturnType<typeof userEvent.setup>, file: File) {
  await user.upload(within(dialog()).getByLabelText('Resume file'), file)
  await user.click(within(dialog()).getByRole('button', { name: 'Analyze Resume' }))
}

beforeEach(() => {
  for (const fn of [toast.error, toast.success, toast.info]) vi.mocked(fn).mockClear()
  vi.spyOn(console, 'error').mockImplementation(() => {})
  core.failPdf = false
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('ResumeUpgradeDialog', () => {
  it('refuses a file that is not PDF, Word, PNG, JPG or TXT', async () => {
    const server = fakeServer({})
    const { user } = renderDialog()
    await user.upload(within(dialog()).getByLabelText('Resume file'), new File(['PK'], 'resume.zip', { type: 'application/zip' }))

    expect(toast.error).toHaveBeenCalledWith('Please upload a valid file: PDF, Word, PNG, JPG, or TXT')
    expect(within(dialog()).getByRole('button', { name: 'Analyze Resume' })).toBeDisabled()
    expect(server.uploads).toHaveLength(0)
  })

  it('analyses a weak text resume, upgrades it, downloads the PDF and saves it to documents', async () => {
    const server = fakeServer({
      '/functions/analyze-resume': [{ status: 200, body: weakAnalysis }],
      '/functions/upgrade-resume': [{ status: 200, body: upgraded }],
      '/documents': [{ status: 201, body: { document: { id: 'doc-9', file_name: 'upgraded-resume-1.txt' } } }],
    })
    const { user, queryClient } = renderDialog()
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries')
    await chooseAndAnalyze(user, new File([WEAK_TEXT], 'weak.txt', { type: 'text/plain' }))

    // Text goes as resumeText, with upload progress while it is sent.
    const progress = await within(dialog()).findByRole('progressbar', { name: 'Uploading weak.txt' })
    expect(progress).toHaveAttribute('aria-valuenow', '40')
    expect(server.uploads[0]).toEqual({
      url: '/api/v1/functions/analyze-resume',
      contentType: 'application/json',
      body: JSON.stringify({ resumeText: WEAK_TEXT, fileName: 'weak.txt' }),
    })
    await server.finishUpload()

    const score = await within(dialog()).findByRole('group', { name: 'ATS score' })
    expect(within(score).getByText('52%')).toHaveClass('text-orange-600')
    expect(score).toHaveTextContent('Needs improvement')
    expect(toast.info).toHaveBeenCalledWith('Your resume could be improved', { description: 'Current score: 52%' })
    expect(within(dialog()).getByText('52%', { selector: 'strong' })).toBeInTheDocument()
    const recommendations = within(dialog()).getByRole('list', { name: 'Recommendations' })
    expect(within(recommendations).getAllByRole('listitem').map((li) => li.textContent)).toEqual(weakAnalysis.recommendations)

    // The upgrade rewrites the analysed text.
    await user.click(within(dialog()).getByRole('button', { name: 'Upgrade Resume' }))
    const after = await within(dialog()).findByRole('group', { name: 'Upgraded ATS score' })
    expect(within(after).getByText('91%')).toHaveClass('text-green-600')
    expect(server.posts).toEqual([
      {
        url: '/api/v1/functions/upgrade-resume',
        body: { resumeText: WEAK_TEXT, analysisRecommendations: weakAnalysis.recommendations, keep: [] },
      },
    ])
    expect(toast.success).toHaveBeenCalledWith('Resume upgraded to ATS standard!', { description: 'Score: 91%' })
    expect(within(dialog()).getByRole('list', { name: 'Left out' })).toHaveTextContent('I am a hardworking person')
    expect(within(dialog()).getByText('From 52% to 91%.')).toBeInTheDocument()
    expect(within(dialog()).getByRole('textbox', { name: 'Your upgraded resume' })).toHaveValue(upgraded.upgradedResume)
    expect(within(dialog()).queryByRole('button', { name: 'Upgrade Resume' })).not.toBeInTheDocument()

    // Download: the core's PDF under its name.
    let downloaded: Blob | undefined
    URL.createObjectURL = vi.fn<(blob: Blob) => string>((blob) => {
      downloaded = blob
      return 'blob:resume'
    })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    await user.click(within(dialog()).getByRole('button', { name: 'Download PDF' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Resume downloaded as PDF!'))
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toMatch(/^Resume – \d{4}-\d{2}-\d{2}\.pdf$/)
    const pdf = new Uint8Array(await (downloaded as Blob).arrayBuffer())
    expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe('%PDF-')
    expect(new TextDecoder('latin1').decode(pdf)).toContain('ATS-Optimized Resume')

    // Save: the upgraded text as a resume document, named for the day (and the candidate, when known).
    await user.click(within(dialog()).getByRole('button', { name: 'Save to Documents' }))
    await server.finishUpload()
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Resume saved to Documents!'))
    const saved = server.uploads[1]
    expect(saved?.url).toBe('/api/v1/documents')
    const form = saved?.body as FormData
    expect(form.get('document_type')).toBe('resume')
    const file = form.get('file') as File
    // The PDF the candidate downloads, under the same readable name.
    expect(file.name).toMatch(/^Resume – \d{4}-\d{2}-\d{2}\.pdf$/)
    expect(file.type).toBe('application/pdf')
    const savedPdf = new Uint8Array(await file.arrayBuffer())
    expect(savedPdf).toEqual(resumePdf(upgraded.upgradedResume))
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['documents'] })
    expect(within(dialog()).getByRole('button', { name: 'Saved to Documents' })).toBeDisabled()
    expect(within(dialog()).getByText(`Saved as ${file.name} in My Documents.`)).toBeInTheDocument()
  })

  it('puts a left-out line back, says which characters the PDF replaced, and downloads a Word file', async () => {
    const line = 'I am a hardworking person who worked with Excel and SQL.'
    const withLine = { ...upgraded, upgradedResume: `Łódź Moyo\n${line}\n\nSKILLS\nSQL`, score: 88, leftOut: [] }
    const server = fakeServer({
      '/functions/analyze-resume': [{ status: 200, body: weakAnalysis }],
      '/functions/upgrade-resume': [
        { status: 200, body: upgraded },
        { status: 200, body: withLine },
      ],
      '/resume/docx': [{ status: 200, body: 'PK…' }],
    })
    const { user } = renderDialog()
    await chooseAndAnalyze(user, new File([WEAK_TEXT], 'resume.txt', { type: 'text/plain' }))
    await server.finishUpload()
    await user.click(await within(dialog()).findByRole('button', { name: 'Upgrade Resume' }))
    await user.click(await within(dialog()).findByRole('button', { name: `Keep “${line}”` }))

    // The same upgrade again, keeping the line; the result replaces the first.
    await waitFor(() => expect(within(dialog()).getByText('From 52% to 88%.')).toBeInTheDocument())
    expect(server.posts[1]).toEqual({
      url: '/api/v1/functions/upgrade-resume',
      body: { resumeText: WEAK_TEXT, analysisRecommendations: weakAnalysis.recommendations, keep: [line] },
    })
    expect(within(dialog()).getByRole('textbox', { name: 'Your upgraded resume' })).toHaveValue(withLine.upgradedResume)
    expect(within(dialog()).queryByRole('list', { name: 'Left out' })).not.toBeInTheDocument()

    URL.createObjectURL = vi.fn<(blob: Blob) => string>(() => 'blob:resume')
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    // "Ł" and "ź" are not in the PDF's font: the toast says they print as "?".
    await user.click(within(dialog()).getByRole('button', { name: 'Download PDF' }))
    await waitFor(() =>
      expect(toast.info).toHaveBeenCalledWith('Resume downloaded as PDF, with some characters replaced', {
        description: "The PDF's font has no Ł ź, so they print as “?”. The Word file keeps them.",
      }),
    )
    expect(toast.success).not.toHaveBeenCalledWith('Resume downloaded as PDF!')

    await user.click(within(dialog()).getByRole('button', { name: 'Download as Word' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Resume downloaded as Word!'))
    expect(server.posts[2]).toEqual({ url: '/api/v1/resume/docx', body: { text: withLine.upgradedResume } })
    expect((click.mock.contexts[1] as HTMLAnchorElement).download).toMatch(/^Resume – \d{4}-\d{2}-\d{2}\.docx$/)
  })

  it('sends other files as a data URL and offers no upgrade to a resume scoring 85 or more', async () => {
    const server = fakeServer({
      '/functions/analyze-resume': [
        {
          status: 200,
          body: {
            ...weakAnalysis,
            score: 85,
            recommendations: [],
            flags: [],
            report: { ...weakAnalysis.report, keywords: { keywords: ['SQL'], matched: ['SQL'], missing: [] } },
            analysisHtml: '<p>Strong.</p>',
          },
        },
      ],
    })
    const { user } = renderDialog()
    await chooseAndAnalyze(user, new File(['%PDF-1.4 resume'], 'cv.pdf', { type: 'application/pdf' }))
    await server.finishUpload()

    const score = await within(dialog()).findByRole('group', { name: 'ATS score' })
    expect(within(score).getByText('85%')).toHaveClass('text-green-600')
    expect(score).toHaveTextContent('ATS-optimized')
    expect(toast.success).toHaveBeenCalledWith('Great! Your resume is ATS-optimized', { description: 'Score: 85%' })
    expect(within(dialog()).queryByRole('button', { name: 'Upgrade Resume' })).not.toBeInTheDocument()
    expect(within(dialog()).queryByRole('list', { name: 'Recommendations' })).not.toBeInTheDocument()
    const body = JSON.parse(String(server.uploads[0]?.body))
    expect(body).toEqual({ resumeFile: `data:application/pdf;base64,${btoa('%PDF-1.4 resume')}`, fileName: 'cv.pdf' })
  })

  it('says "optimized" only when nothing is left to fix: at 86 % with a missing keyword and three fixes it counts them', async () => {
    const server = fakeServer({
      '/functions/analyze-resume': [
        {
          status: 200,
          body: {
            ...weakAnalysis,
            score: 86,
            flags: [],
            recommendations: ['Add a SKILLS section listing your tools.', 'Start bullet points with action verbs.', 'Add dates to every role.'],
            report: { ...weakAnalysis.report, keywords: { keywords: ['SQL', 'Tableau'], matched: ['SQL'], missing: ['Tableau'] } },
          },
        },
      ],
    })
    const { user } = renderDialog()
    await chooseAndAnalyze(user, new File(['%PDF-1.4 resume'], 'cv.pdf', { type: 'application/pdf' }))
    await server.finishUpload()

    const score = await within(dialog()).findByRole('group', { name: 'ATS score' })
    expect(score).toHaveTextContent('At target, 4 fixes left · target 85%')
    expect(score).not.toHaveTextContent('ATS-optimized')
    expect(toast.success).toHaveBeenCalledWith('Your resume reaches the ATS target, with fixes left', {
      description: 'Score: 86% · 4 fixes listed below',
    })
    expect(toast.success).not.toHaveBeenCalledWith('Great! Your resume is ATS-optimized', expect.anything())
  })

  it('accepts a file by its MIME type when its name has no known extension', async () => {
    const server = fakeServer({ '/functions/analyze-resume': [{ status: 200, body: weakAnalysis }] })
    const { user } = renderDialog()
    await chooseAndAnalyze(user, new File(['\u0089PNG'], 'scan', { type: 'image/png' }))
    await server.finishUpload()
    await within(dialog()).findByRole('group', { name: 'ATS score' })
    expect(toast.error).not.toHaveBeenCalled()
  })

  it('toasts each failure with the spec message and the reason', async () => {
    const server = fakeServer({
      '/functions/analyze-resume': [
        { status: 415, body: { error: { code: 'unsupported_media_type', message: 'This file type is not supported' } } },
        { status: 200, body: weakAnalysis },
      ],
      '/functions/upgrade-resume': [
        { status: 500, body: { error: { code: 'internal', message: 'Something went wrong (ref 3)' } } },
        { status: 200, body: upgraded },
      ],
      '/documents': [{ status: 422, body: { error: { code: 'validation', message: 'Resume must be a PDF, DOC or DOCX file' } } }],
    })
    const { user } = renderDialog()
    await chooseAndAnalyze(user, new File(['x'], 'cv.docx', { type: '' }))
    await server.finishUpload()
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to analyze resume', { description: 'This file type is not supported' }),
    )
    expect(within(dialog()).queryByRole('group', { name: 'ATS score' })).not.toBeInTheDocument()

    await user.click(within(dialog()).getByRole('button', { name: 'Analyze Resume' }))
    await server.finishUpload()
    await user.click(await within(dialog()).findByRole('button', { name: 'Upgrade Resume' }))
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to upgrade resume', { description: 'Something went wrong (ref 3)' }),
    )
    await user.click(within(dialog()).getByRole('button', { name: 'Upgrade Resume' }))
    await within(dialog()).findByRole('group', { name: 'Upgraded ATS score' })

    core.failPdf = true
    await user.click(within(dialog()).getByRole('button', { name: 'Download PDF' }))
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to generate PDF'))

    core.failPdf = false
    await user.click(within(dialog()).getByRole('button', { name: 'Save to Documents' }))
    await server.finishUpload()
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to save resume', {
        description: 'Resume must be a PDF, DOC or DOCX file',
      }),
    )
    expect(within(dialog()).getByRole('button', { name: 'Save to Documents' })).toBeEnabled()
  })

  it('shows the part of the score that is the match to a pasted job ad', async () => {
    const server = fakeServer({ '/functions/analyze-resume': [{ status: 200, body: weakAnalysis }] })
    const { user } = renderDialog()
    await user.click(within(dialog()).getByText('Tailor for a job ad (optional)'))
    await user.type(within(dialog()).getByLabelText('Job ad'), 'BI Analyst{enter}Tableau, Power BI, SQL, Excel and Python.')
    await chooseAndAnalyze(user, new File([WEAK_TEXT], 'weak.txt', { type: 'text/plain' }))
    expect(JSON.parse(String(server.uploads[0]?.body))).toMatchObject({ jobText: 'BI Analyst\nTableau, Power BI, SQL, Excel and Python.' })
    await server.finishUpload()
    const match = await within(dialog()).findByRole('region', { name: 'Match to the job' })
    expect(match).toHaveTextContent('Match to the job ad')
    expect(match).toHaveTextContent("6 of 16 points of the score: 2 of the job's 5 keywords are in your resume.")
    expect(match).toHaveTextContent('In your resume: SQL, Excel')
    expect(match).toHaveTextContent('Missing: Tableau, Power BI, Python')
  })

  it('says so when the job ad names no skill the analysis knows', async () => {
    const noKeywords = { ...weakAnalysis, report: { ...weakAnalysis.report, keywords: { keywords: [], matched: [], missing: [] } } }
    const server = fakeServer({ '/functions/analyze-resume': [{ status: 200, body: noKeywords }] })
    const { user } = renderDialog()
    await user.click(within(dialog()).getByText('Tailor for a job ad (optional)'))
    await user.type(within(dialog()).getByLabelText('Job ad'), 'Night watch at the depot')
    await chooseAndAnalyze(user, new File([WEAK_TEXT], 'weak.txt', { type: 'text/plain' }))
    await server.finishUpload()
    const match = await within(dialog()).findByRole('region', { name: 'Match to the job' })
    expect(match).toHaveTextContent('This job names no skills we recognise, so no part of the score is a match to it.')
    expect(match).not.toHaveTextContent('points of the score')
  })

  it('without a target shows no job match', async () => {
    const server = fakeServer({ '/functions/analyze-resume': [{ status: 200, body: weakAnalysis }] })
    const { user } = renderDialog()
    await chooseAndAnalyze(user, new File([WEAK_TEXT], 'weak.txt', { type: 'text/plain' }))
    await server.finishUpload()
    await within(dialog()).findByRole('group', { name: 'ATS score' })
    expect(within(dialog()).queryByRole('region', { name: 'Match to the job' })).not.toBeInTheDocument()
  })

  it('an upgrade below 85 toasts both scores and lists everything still missing', async () => {
    const stillMissing = ['Add a phone number with its country code at the top.', 'Start bullet points with action verbs.']
    const server = fakeServer({
      '/functions/analyze-resume': [{ status: 200, body: weakAnalysis }],
      '/functions/upgrade-resume': [{ status: 200, body: { ...upgraded, score: 72, meetsTarget: false, stillMissing } }],
    })
    const { user } = renderDialog()
    await chooseAndAnalyze(user, new File([WEAK_TEXT], 'weak.txt', { type: 'text/plain' }))
    await server.finishUpload()
    await user.click(await within(dialog()).findByRole('button', { name: 'Upgrade Resume' }))
    await within(dialog()).findByRole('group', { name: 'Upgraded ATS score' })
    expect(toast.info).toHaveBeenCalledWith('Resume improved from 52% to 72%', {
      description: 'Still missing: Add a phone number with its country code at the top. (and 1 more, listed below)',
    })
    expect(toast.success).not.toHaveBeenCalledWith('Resume upgraded to ATS standard!', expect.anything())
    const list = within(dialog()).getByRole('list', { name: 'Still missing' })
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(stillMissing)
  })

  it('says when the PDF saved to documents has characters replaced', async () => {
    const server = fakeServer({
      '/functions/analyze-resume': [{ status: 200, body: weakAnalysis }],
      '/functions/upgrade-resume': [{ status: 200, body: { ...upgraded, upgradedResume: 'Łódź Moyo\n\nSKILLS\nSQL' } }],
      '/documents': [{ status: 201, body: { document: { id: 'doc-9', file_name: 'Resume.pdf' } } }],
    })
    const { user } = renderDialog()
    await chooseAndAnalyze(user, new File([WEAK_TEXT], 'weak.txt', { type: 'text/plain' }))
    await server.finishUpload()
    await user.click(await within(dialog()).findByRole('button', { name: 'Upgrade Resume' }))
    await user.click(await within(dialog()).findByRole('button', { name: 'Save to Documents' }))
    await server.finishUpload()
    await waitFor(() =>
      expect(toast.info).toHaveBeenCalledWith('Resume saved to Documents as a PDF, with some characters replaced', {
        description: "The PDF's font has no Ł ź, so they print as “?”. The Word file keeps them.",
      }),
    )
    expect(toast.success).not.toHaveBeenCalledWith('Resume saved to Documents!')
  })

  it('closes from its Close button', async () => {
    fakeServer({})
    const { user, onClose } = renderDialog()
    await user.click(within(dialog()).getByRole('button', { name: 'Close' }))
    expect(onClose).toHaveBeenCalledOnce()
  })
})
