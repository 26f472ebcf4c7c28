import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/lib/session'
import { inProcessCore, readTestFile } from '@/testing/in-process-core'
import { renderApp, testSession } from '@/testing/render-app'
import { stubVirtualLayout } from '@/testing/virtual-layout'

vi.mock('sonner', () => ({
  toast: {
    error: vi.fn<(...args: unknown[]) => string>(),
    success: vi.fn<(...args: unknown[]) => string>(),
    warning: vi.fn<(...args: unknown[]) => string>(),
  },
}))

// jsdom has no Worker: the real core runs in the test's thread instead.
const core = vi.hoisted(() => ({ hold: null as Promise<void> | null, rowsShownAtWholeFile: [] as number[] }))
vi.mock('@/lib/core-worker', async () => {
  const { inProcessCore: real } = await import('@/testing/in-process-core')
  return {
    getCore: () => ({
      ...real,
      // Holds the whole file's preview (not its head) while `core.hold` is pending.
      async previewImportFile(...args: Parameters<typeof real.previewImportFile>) {
        core.rowsShownAtWholeFile.push(document.querySelectorAll('tbody tr').length)
        if (core.hold) await core.hold
        return real.previewImportFile(...args)
      },
    }),
  }
})

const TEMPLATE_HEADER =
  'company_name,job_title,job_description,location,job_type,salary_min,salary_max,experience_years,' +
  'qualifications,skills,requirements,benefits,degree_class,industry,experience_level,linkedin_url,company_logo'

async function fixture(name: string): Promise<File> {
  const bytes = await readTestFile(`../../../fixtures/csv/${name}`)
  return new File([bytes], name, { type: 'text/csv' })
}

type Sent = { url: string; headers: Map<string, string>; body: FormData }

/** A stand-in for XMLHttpRequest (the upload path) that answers from `answers` in turn. */
function fakeUploads(answers: Array<{ status: number; body: unknown }>) {
  const sent: Sent[] = []
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
      this.headers.set(name, value)
    }
    getResponseHeader(name: string) {
      return name.toLowerCase() === 'content-type' ? 'application/json' : null
    }
    abort() {}
    send(body: FormData) {
      sent.push({ url: this.url, headers: this.headers, body })
      const answer = answers.shift() ?? { status: 500, body: {} }
      queueMicrotask(() => {
        this.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded: 40, total: 100 }))
        queueMicrotask(() => {
          this.status = answer.status
          this.responseText = JSON.stringify(answer.body)
          this.dispatchEvent(new Event('load'))
        })
      })
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  return sent
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

const imported = (n: number) => ({
  imported: n,
  jobIds: Array.from({ length: n }, (_, i) => `job-${i + 1}`),
  invalidCount: 9,
  invalidRows: [],
  warnings: [],
  alreadyPosted: [],
  replayed: false,
  message: `Successfully imported ${n} jobs!`,
})

/** The preview's body rows (plain DOM: role queries over the whole app are slow in jsdom). */
function bodyRows(): HTMLTableRowElement[] {
  return Array.from(screen.getByRole('table').querySelectorAll('tbody > tr'))
}

async function openAsEmployer() {
  sessionStore.set(testSession({ roles: ['employer'], companyName: 'Acme' }, Math.floor(Date.now() / 1000) + 3600))
  const view = renderApp('/employer/bulk-import')
  await screen.findByRole('heading', { level: 1, name: 'Bulk Import' })
  return view
}

async function choose(name: string) {
  const user = userEvent.setup({ applyAccept: false })
  await user.upload(screen.getByLabelText('Choose CSV file'), await fixture(name))
  return user
}

// Compiling the wasm and transforming the lazy pages happens once, here, rather
// than inside the first test's waits.
beforeAll(async () => {
  await Promise.all([inProcessCore.importTemplate(), import('./bulk-import-page')])
}, 60_000)

/** GET /settings as a server with the default import limits answers it. */
const DEFAULT_SETTINGS = {
  import_limits: { maxRows: 10_000, maxBytes: 5 * 1024 * 1024 },
  preview_limits: { maxRows: 100_000, maxBytes: 50 * 1024 * 1024 },
  import_limits_text: '10,000 jobs and 5 MB',
}
let settings = DEFAULT_SETTINGS

beforeEach(() => {
  settings = DEFAULT_SETTINGS
  vi.mocked(toast.error).mockClear()
  vi.mocked(toast.success).mockClear()
  vi.mocked(toast.warning).mockClear()
  vi.spyOn(console, 'error').mockImplementation(() => {})
  // The dashboard, after an import, lists the employer's jobs.
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      if (String(input).endsWith('/settings')) return json(200, settings)
      if (String(input).endsWith('/employer/jobs')) return json(200, { jobs: [] })
      return json(404, { error: { code: 'not_found', message: 'Not found' } })
    }),
  )
  core.hold = null
  stubVirtualLayout()
})

afterEach(() => {
  sessionStore.clear()
  vi.unstubAllGlobals()
})

describe('bulk import page', () => {
  it('previews a file with valid and invalid rows: toast, counts, errors and the invalid-only filter', async () => {
    await openAsEmployer()
    await choose('row-errors.csv')

    await waitFor(() =>
      expect(toast.warning).toHaveBeenCalledWith('Parsed 2 valid jobs and 9 invalid jobs. Please review.'),
    )
    expect(screen.getAllByRole('definition').map((d) => d.textContent)).toEqual(['2', '9', '11'])
    const table = within(screen.getByRole('region', { name: 'CSV preview' }))
    expect(table.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Status',
      'Company',
      'Job Title',
      'Location',
      'Type',
      'Salary',
      'Errors',
    ])
    const rows = bodyRows()
    expect(rows).toHaveLength(11)
    expect(Array.from((rows[0] as HTMLTableRowElement).cells, (c) => c.textContent)).toEqual([
      'Valid',
      'Zuva Analytics',
      'Data Analyst',
      'Harare',
      'Full-time',
      '900 - 1400',
      '',
    ])
    const rowNine = rows.find((row) => row.textContent?.includes('Row 9:')) as HTMLElement
    expect(within(rowNine).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Row 9: Company name is required',
      'Row 9: Job type must be one of: Full-time, Part-time, Contract, Remote',
    ])
    expect(rows[8]).toHaveTextContent('Row 10: Salary min must be a number')

    await userEvent.click(screen.getByLabelText('Show invalid rows only'))
    expect(bodyRows()).toHaveLength(9)
    expect(bodyRows().every((row) => row.cells[0]?.textContent === 'Invalid')).toBe(true)
    await userEvent.click(screen.getByLabelText('Show invalid rows only'))
    expect(bodyRows()).toHaveLength(11)
  })

  it('shows a progress bar while the worker parses, and a success toast for an all-valid file', async () => {
    await openAsEmployer()
    let release = () => {}
    core.hold = new Promise((resolve) => {
      release = resolve
    })
    await choose('valid-basic.csv')
    expect(await screen.findByRole('progressbar', { name: 'Parsing valid-basic.csv' })).toBeInTheDocument()
    expect(screen.getByLabelText('Choose CSV file')).toBeDisabled()
    // A small file has no head preview: nothing is shown until it is parsed.
    expect(screen.queryByRole('region', { name: 'CSV preview' })).not.toBeInTheDocument()

    release()
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Successfully parsed 3 jobs!'))
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    expect(screen.getByLabelText('Show invalid rows only')).toBeDisabled()
    expect(toast.warning).not.toHaveBeenCalled()
  })

  it('shows the first rows of a large file at once, then the whole file with its counts and toast', async () => {
    await openAsEmployer()
    let release = () => {}
    core.hold = new Promise((resolve) => {
      release = resolve
    })
    // About 340 KB, more than the head the page reads first; every 10th row lacks its company.
    const header = 'company_name,job_title,job_description,location,job_type\n'
    const rows = Array.from({ length: 8000 }, (_, i) =>
      i % 10 === 3 ? `,Clerk,Files papers.,Zürich,Full-time\n` : `Acme ${i + 2},Clerk,Files papers.,Zürich,Full-time\n`,
    )
    const user = userEvent.setup()
    core.rowsShownAtWholeFile = []
    await user.upload(screen.getByLabelText('Choose CSV file'), new File([header, ...rows], 'large.csv'))

    // The head: rows on screen, marked as not final; no counts, no toast, no import yet.
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Parsing… showing the first 1,000 rows until the whole file is read.',
    )
    expect(Array.from((bodyRows()[0] as HTMLTableRowElement).cells, (c) => c.textContent)).toEqual([
      'Valid',
      'Acme 2',
      'Clerk',
      'Zürich',
      'Full-time',
      '',
      '',
    ])
    expect(bodyRows()[3]).toHaveTextContent('Row 5: Company name is required')
    expect(screen.getByRole('progressbar', { name: 'Parsing large.csv' })).toBeInTheDocument()
    expect(screen.queryAllByRole('definition')).toHaveLength(0)
    expect(screen.getByRole('button', { name: 'Import Valid Jobs' })).toBeDisabled()
    expect(screen.getByLabelText('Show invalid rows only')).toBeDisabled()
    expect(toast.success).not.toHaveBeenCalled()
    expect(toast.warning).not.toHaveBeenCalled()
    // The whole file was asked for once the head's rows were on screen, not beside them.
    await waitFor(() => expect(core.rowsShownAtWholeFile).toHaveLength(1))
    expect(core.rowsShownAtWholeFile[0]).toBeGreaterThan(0)

    release()
    await waitFor(() =>
      expect(toast.warning).toHaveBeenCalledWith('Parsed 7200 valid jobs and 800 invalid jobs. Please review.'),
    )
    expect(toast.warning).toHaveBeenCalledTimes(1)
    expect(screen.getAllByRole('definition').map((d) => d.textContent)).toEqual(['7,200', '800', '8,000'])
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Import Valid Jobs' })).toBeEnabled()
    await userEvent.click(screen.getByLabelText('Show invalid rows only'))
    expect(bodyRows()[0]).toHaveTextContent('Row 5: Company name is required')
  })

  it('reports a large file the core refuses once, from the whole file, not from its head', async () => {
    await openAsEmployer()
    const user = userEvent.setup({ applyAccept: false })
    const text = 'company_name,job_title\n' + 'Acme,Clerk\n'.repeat(30_000)
    await user.upload(screen.getByLabelText('Choose CSV file'), new File([text], 'jobs.txt'))
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Please upload a CSV file', { description: undefined }))
    expect(toast.error).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('region', { name: 'CSV preview' })).not.toBeInTheDocument()
  })

  it('imports with upload progress and an idempotency key, then returns to the dashboard', async () => {
    const { router } = await openAsEmployer()
    const sent = fakeUploads([{ status: 201, body: imported(2) }])
    await choose('row-errors.csv')
    await screen.findByRole('region', { name: 'CSV preview' })

    await userEvent.click(screen.getByRole('button', { name: 'Import Valid Jobs' }))
    expect(await screen.findByRole('progressbar', { name: 'Uploading jobs' })).toHaveAttribute('aria-valuenow', '40')
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Successfully imported 2 jobs!'))
    // The dashboard's code loads first (a lazy route), which can take a while on a busy machine.
    await waitFor(() => expect(router.state.location.pathname).toBe('/employer'), { timeout: 10_000 })

    expect(sent).toHaveLength(1)
    const [request] = sent as [Sent]
    expect(request.url).toBe('/api/v1/employer/jobs/import')
    expect(request.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(request.headers.get('Authorization')).toBe('Bearer access-1')
    const file = request.body.get('file')
    expect(file).toBeInstanceOf(File)
    expect((file as File).name).toBe('row-errors.csv')
    expect(await (file as File).text()).toBe(new TextDecoder().decode(await readTestFile('../../../fixtures/csv/row-errors.csv')))
  })

  it('lists rows already live as skipped and posts the ticked ones again from the same file', async () => {
    const { router } = await openAsEmployer()
    const skipped = {
      ...imported(1),
      alreadyPosted: [
        { rowNumber: 2, jobTitle: 'Staff Nurse' },
        { rowNumber: 4, jobTitle: 'Barista – weekends' },
      ],
      message: 'Successfully imported 1 jobs! 2 already posted: skipped.',
    }
    const sent = fakeUploads([
      { status: 201, body: skipped },
      { status: 201, body: { ...imported(1), message: 'Successfully imported 1 jobs!' } },
    ])
    await choose('row-errors.csv')
    await screen.findByRole('region', { name: 'CSV preview' })
    await userEvent.click(screen.getByRole('button', { name: 'Import Valid Jobs' }))

    const panel = await screen.findByRole('region', { name: 'Already posted' })
    expect(toast.success).toHaveBeenCalledWith('Successfully imported 1 jobs! 2 already posted: skipped.')
    expect(router.state.location.pathname).toBe('/employer/bulk-import')
    const again = within(panel).getByRole('button', { name: 'Post ticked rows again' })
    expect(again).toBeDisabled()
    await userEvent.click(within(panel).getByLabelText('Post again: row 4, Barista – weekends'))
    await userEvent.click(again)
    await waitFor(() => expect(router.state.location.pathname).toBe('/employer'), { timeout: 10_000 })

    expect(sent).toHaveLength(2)
    const [first, second] = sent as [Sent, Sent]
    expect(first.body.get('post_again')).toBeNull()
    expect(second.body.get('post_again')).toBe('4')
    expect(second.headers.get('Idempotency-Key')).not.toBe(first.headers.get('Idempotency-Key'))
    expect((second.body.get('file') as File).name).toBe('row-errors.csv')
  })

  it('retries a failed import with the same key; a newly chosen file gets a new one', async () => {
    await openAsEmployer()
    const failure = { error: { code: 'internal', message: 'Something went wrong (request 7)' } }
    const sent = fakeUploads([
      { status: 500, body: failure },
      { status: 500, body: failure },
      { status: 500, body: failure },
    ])
    await choose('valid-basic.csv')
    await screen.findByRole('region', { name: 'CSV preview' })

    await userEvent.click(screen.getByRole('button', { name: 'Import Valid Jobs' }))
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to import jobs', { description: 'Something went wrong (request 7)' }),
    )
    await userEvent.click(await screen.findByRole('button', { name: 'Import Valid Jobs' }))
    await waitFor(() => expect(sent).toHaveLength(2))
    expect(sent[1]?.headers.get('Idempotency-Key')).toBe(sent[0]?.headers.get('Idempotency-Key'))

    await choose('valid-basic.csv')
    await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(2))
    await userEvent.click(await screen.findByRole('button', { name: 'Import Valid Jobs' }))
    await waitFor(() => expect(sent).toHaveLength(3))
    expect(sent[2]?.headers.get('Idempotency-Key')).not.toBe(sent[0]?.headers.get('Idempotency-Key'))
  })

  it('says what the server found when it accepts none of the rows', async () => {
    await openAsEmployer()
    const sent = fakeUploads([
      {
        status: 422,
        body: { error: { code: 'validation', kind: 'no_valid_jobs', message: 'No valid jobs to import', fields: { rows: ['Row 2: Job title is required'] } } },
      },
    ])
    await choose('valid-basic.csv')
    await waitFor(() => expect(toast.success).toHaveBeenCalled())
    await userEvent.click(await screen.findByRole('button', { name: 'Import Valid Jobs' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('No valid jobs to import'))
  })

  it('previews a dropped file', async () => {
    await openAsEmployer()
    const zone = screen.getByText('Drag and drop a CSV file here, or').parentElement as HTMLElement
    const file = await fixture('quoted-commas.csv')
    fireEvent.dragOver(zone, { dataTransfer: { types: ['Files'], files: [file] } })
    fireEvent.drop(zone, { dataTransfer: { types: ['Files'], files: [file] } })
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Successfully parsed 3 jobs!'))
    expect(screen.getByRole('table')).toHaveTextContent('Moyo, Dube & Partners')
  })

  it('blocks the import of a file without a valid job, without a request', async () => {
    await openAsEmployer()
    const sent = fakeUploads([])
    await choose('missing-required-columns.csv')
    await waitFor(() =>
      expect(toast.warning).toHaveBeenCalledWith('Parsed 0 valid jobs and 3 invalid jobs. Please review.'),
    )
    await userEvent.click(screen.getByRole('button', { name: 'Import Valid Jobs' }))
    expect(toast.error).toHaveBeenCalledWith('No valid jobs to import')
    expect(sent).toHaveLength(0)
  })

  it('previews a file over the server’s import limits but does not upload it', async () => {
    // This server takes three jobs an import (JOBTAP_IMPORT_MAX_ROWS=3).
    settings = {
      import_limits: { maxRows: 3, maxBytes: 5 * 1024 * 1024 },
      preview_limits: { maxRows: 30, maxBytes: 50 * 1024 * 1024 },
      import_limits_text: '3 jobs and 5 MB',
    }
    await openAsEmployer()
    expect(await screen.findByText(/One import takes up to 3 jobs and 5 MB\./)).toBeInTheDocument()
    const sent = fakeUploads([])
    const header = 'company_name,job_title,job_description,location,job_type\n'
    const rows = 'Acme,Clerk,Files papers.,Harare,Full-time\n'.repeat(4)
    const user = userEvent.setup()
    await user.upload(screen.getByLabelText('Choose CSV file'), new File([header + rows], 'big.csv', { type: 'text/csv' }))

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Successfully parsed 4 jobs!'))
    const note = 'One import takes at most 3 jobs and 5 MB. Split this file and import each part.'
    expect(screen.getByRole('note')).toHaveTextContent(note)
    await userEvent.click(screen.getByRole('button', { name: 'Import Valid Jobs' }))
    expect(toast.error).toHaveBeenCalledWith('Failed to import jobs', { description: note })
    expect(sent).toHaveLength(0)
  })

  it.each([
    ['not-a-csv.txt', 'Please upload a CSV file', undefined],
    ['header-only.csv', 'CSV file must contain headers and at least one job', undefined],
    ['binary-garbage.csv', 'Failed to parse CSV file. Please check the format.', expect.stringContaining('spreadsheet workbook')],
  ])('refuses %s with the spec message', async (name, title, description) => {
    await openAsEmployer()
    await choose(name)
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(title, { description }))
    expect(screen.queryByRole('region', { name: 'CSV preview' })).not.toBeInTheDocument()
    expect(screen.getByLabelText('Choose CSV file')).toBeEnabled()
  })

  it('downloads the core’s template as job_import_template.csv', async () => {
    await openAsEmployer()
    const blobs: Blob[] = []
    URL.createObjectURL = vi.fn<(blob: Blob) => string>((blob) => {
      blobs.push(blob)
      return 'blob:template'
    })
    URL.revokeObjectURL = vi.fn<(url: string) => void>()
    const names: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download)
    })

    await userEvent.click(screen.getByRole('button', { name: 'Download Template' }))
    await waitFor(() => expect(names).toEqual(['job_import_template.csv']))
    const text = await (blobs[0] as Blob).text()
    expect(text.split(/\r?\n/)[0]).toBe(TEMPLATE_HEADER)
    expect(text).toBe((await inProcessCore.importTemplate()).csv)
  })

  it('asks a signed-out visitor to sign in, and a candidate for an employer account, without redirecting', async () => {
    const { router, unmount } = renderApp('/employer/bulk-import')
    expect(await screen.findByRole('heading', { name: 'Sign in to import jobs' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign in as an employer' })).toHaveAttribute('href', '/employer/auth')
    expect(screen.queryByLabelText('Choose CSV file')).not.toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/employer/bulk-import')
    unmount()

    sessionStore.set(testSession({}, Math.floor(Date.now() / 1000) + 3600))
    renderApp('/employer/bulk-import')
    expect(await screen.findByRole('heading', { name: 'Employer account required' })).toBeInTheDocument()
    expect(screen.queryByLabelText('Choose CSV file')).not.toBeInTheDocument()
  })
})
