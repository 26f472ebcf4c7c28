import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/lib/session'
import { renderApp, testSession } from '@/testing/render-app'
import type { UserDocument } from '@/entities/documents'
import type { ShareLink } from '../api/documents'
import { formatDateTime } from '../format'

vi.mock('sonner', () => ({
  toast: { error: vi.fn<(...args: unknown[]) => string>(), success: vi.fn<(...args: unknown[]) => string>() },
}))

// A new default resume is read for the profile: that has tests of its own (default-resume-proposal.test.tsx).
vi.mock('@/entities/profile/propose-profile', () => ({
  proposeProfile: async () => ({ skills: [], experienceYears: null, degreeField: null, university: null }),
}))

const qrPng = vi.fn<(data: string) => Promise<Uint8Array>>()
// jsdom has no Worker: the real core's file checks run in the test's thread instead.
vi.mock('@/lib/core-worker', async () => {
  const { inProcessCore } = await import('@/testing/in-process-core')
  return { getCore: () => ({ qrPng, uploadProblem: inProcessCore.uploadProblem }) }
})

const DAY = 24 * 60 * 60 * 1000

/** The message of the stand-in server's 500 answers. */
const SERVER_REASON = 'Something went wrong (ref 7)'

function doc(id: string, type: UserDocument['document_type'], fileName: string, extra: Partial<UserDocument> = {}) {
  return {
    id,
    document_type: type,
    file_name: fileName,
    file_size: 35021,
    content_type: 'application/pdf',
    is_default: false,
    uploaded_at: Date.UTC(2026, 10, 20, 9, 30),
    ...extra,
  } satisfies UserDocument
}

type Call = { method: string; path: string; body?: unknown }

/** A small in-memory stand-in for the documents API. */
function fakeServer(initial: UserDocument[]) {
  let documents = [...initial]
  const links: ShareLink[] = []
  const calls: Call[] = []
  let failList = 0
  /** Requests answered once with a 500 (method and path), for the failure toasts. */
  const failures: { method: string; path: RegExp }[] = []
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const path = String(input).replace('/api/v1', '')
    const method = init?.method ?? 'GET'
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    calls.push({ method, path, body })
    const failure = failures.findIndex((f) => f.method === method && f.path.test(path))
    if (failure >= 0) {
      failures.splice(failure, 1)
      return json(500, { error: { code: 'internal', message: SERVER_REASON } })
    }
    let match: RegExpMatchArray | null
    if (method === 'GET' && path === '/documents') {
      if (failList > 0) {
        failList -= 1
        return json(500, { error: { code: 'internal', message: 'Something went wrong' } })
      }
      return json(200, { documents })
    }
    if (method === 'DELETE' && (match = path.match(/^\/documents\/([^/]+)$/))) {
      documents = documents.filter((d) => d.id !== match?.[1])
      return new Response(null, { status: 204 })
    }
    if (method === 'PUT' && (match = path.match(/^\/documents\/([^/]+)\/default$/))) {
      documents = documents.map((d) => ({ ...d, is_default: d.id === match?.[1] }))
      return json(200, { document: documents.find((d) => d.id === match?.[1]) })
    }
    if (method === 'GET' && (match = path.match(/^\/documents\/([^/]+)\/download$/))) {
      return new Response('%PDF-1.4', { status: 200, headers: { 'Content-Type': 'application/pdf' } })
    }
    if (method === 'POST' && (match = path.match(/^\/documents\/([^/]+)\/share-links$/))) {
      const now = Date.now()
      const link = {
        id: `link-${links.length + 1}`,
        document_id: match[1] ?? null,
        created_at: now,
        expires_at: now + 7 * DAY,
        revoked_at: null,
        last_used_at: null,
        use_count: 0,
      }
      links.unshift(link)
      return json(201, { ...link, token: `tok${links.length}`, path: `/api/v1/share/tok${links.length}` })
    }
    if (method === 'GET' && path.match(/^\/documents\/([^/]+)\/share-links$/)) {
      return json(200, { share_links: links })
    }
    if (method === 'DELETE' && (match = path.match(/^\/share-links\/([^/]+)$/))) {
      const link = links.find((l) => l.id === match?.[1])
      if (link) link.revoked_at = Date.now()
      return new Response(null, { status: 204 })
    }
    return json(404, { error: { code: 'not_found', message: 'Not found' } })
  })
  vi.stubGlobal('fetch', fetchMock)
  return {
    calls,
    links,
    failNextLists(times: number) {
      failList = times
    },
    failOnce(method: string, path: RegExp) {
      failures.push({ method, path })
    },
  }
}

beforeEach(() => {
  // An expiry within setTimeout's range (the default one overflows it and re-arms every millisecond).
  sessionStore.set(testSession({}, Math.floor(Date.now() / 1000) + 3600))
  vi.mocked(toast.error).mockClear()
  vi.mocked(toast.success).mockClear()
  qrPng.mockReset()
  qrPng.mockResolvedValue(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))
  URL.createObjectURL = vi.fn<(blob: Blob) => string>(() => 'blob:qr')
  URL.revokeObjectURL = vi.fn<(url: string) => void>()
})

afterEach(() => {
  sessionStore.clear()
  vi.unstubAllGlobals()
})

const cv = doc('d1', 'resume', 'cv.pdf', { is_default: true })
const cv2 = doc('d2', 'resume', 'cv-2024.pdf', { file_size: 2048 })
const cert = doc('d3', 'certificate', 'aws.png', { content_type: 'image/png', file_size: 512 })

describe('My Documents', () => {
  it('lists each document with its size in KB, type, time and actions', async () => {
    fakeServer([cv, cv2, cert])
    renderApp('/documents')
    expect(await screen.findByRole('heading', { level: 1, name: 'My Documents' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Jobs' })).toHaveAttribute('href', '/jobs')

    const first = await screen.findByRole('listitem', { name: 'cv.pdf' })
    expect(within(first).getByText('34.2 KB')).toBeInTheDocument()
    expect(within(first).getByText('Default')).toBeInTheDocument()
    expect(within(first).queryByRole('button', { name: /Set as default/ })).not.toBeInTheDocument()
    expect(within(first).getByRole('button', { name: 'QR code for cv.pdf' })).toBeInTheDocument()
    expect(within(first).getByRole('button', { name: 'Download cv.pdf' })).toBeInTheDocument()
    expect(within(first).getByRole('button', { name: 'Delete cv.pdf' })).toBeInTheDocument()
    expect(first.querySelector('time')).toHaveAttribute('dateTime', '2026-11-20T09:30:00.000Z')

    const second = screen.getByRole('listitem', { name: 'cv-2024.pdf' })
    expect(within(second).getByText('2.0 KB')).toBeInTheDocument()
    expect(within(second).getByRole('button', { name: 'Set as default: cv-2024.pdf' })).toBeInTheDocument()

    const certificate = screen.getByRole('listitem', { name: 'aws.png' })
    expect(within(certificate).getByText('0.5 KB')).toBeInTheDocument()
    expect(within(certificate).queryByRole('button', { name: /QR code|Set as default/ })).not.toBeInTheDocument()
  })

  it('shows the empty state', async () => {
    fakeServer([])
    renderApp('/documents')
    expect(await screen.findByText('No documents yet')).toBeInTheDocument()
  })

  it('toasts "Failed to load documents" and loads again on Retry', async () => {
    const server = fakeServer([cv])
    server.failNextLists(1)
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderApp('/documents')
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('Failed to load documents')).toBeInTheDocument()
    expect(toast.error).toHaveBeenCalledWith('Failed to load documents', expect.anything())
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('listitem', { name: 'cv.pdf' })).toBeInTheDocument()
  })

  it('sets another resume as the default, moving the badge', async () => {
    const server = fakeServer([cv, cv2])
    renderApp('/documents')
    await userEvent.click(await screen.findByRole('button', { name: 'Set as default: cv-2024.pdf' }))
    await waitFor(() =>
      expect(within(screen.getByRole('listitem', { name: 'cv-2024.pdf' })).getByText('Default')).toBeInTheDocument(),
    )
    expect(within(screen.getByRole('listitem', { name: 'cv.pdf' })).queryByText('Default')).not.toBeInTheDocument()
    expect(toast.success).toHaveBeenCalledWith('Set as default resume for applications!')
    expect(server.calls).toContainEqual({ method: 'PUT', path: '/documents/d2/default', body: undefined })
  })

  it('downloads a document under its name', async () => {
    fakeServer([cv])
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    renderApp('/documents')
    await userEvent.click(await screen.findByRole('button', { name: 'Download cv.pdf' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Document downloaded!'))
    const link = click.mock.contexts[0] as HTMLAnchorElement
    expect(link.download).toBe('cv.pdf')
    expect(link.href).toBe('blob:qr')
  })

  it('deletes a document only after the confirmation', async () => {
    const server = fakeServer([cv, cert])
    renderApp('/documents')
    await userEvent.click(await screen.findByRole('button', { name: 'Delete aws.png' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete document' })
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete this document?')
    expect(server.calls.some((c) => c.method === 'DELETE')).toBe(false)

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Document deleted!'))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.queryByRole('listitem', { name: 'aws.png' })).not.toBeInTheDocument()
    expect(server.calls).toContainEqual({ method: 'DELETE', path: '/documents/d3', body: undefined })
  })

  it('shows a QR code for a new 7-day link, lists other links, and revokes', async () => {
    const server = fakeServer([cv])
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    renderApp('/documents')
    // An older link exists already.
    await userEvent.click(await screen.findByRole('button', { name: 'QR code for cv.pdf' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }))
    await userEvent.click(screen.getByRole('button', { name: 'QR code for cv.pdf' }))

    const dialog = await screen.findByRole('dialog', { name: 'Resume QR Code' })
    const image = await within(dialog).findByRole('img', { name: 'QR code linking to cv.pdf' })
    await waitFor(() => expect(image).toHaveAttribute('src', 'blob:qr'))
    expect(image).toHaveAttribute('width', '300')
    const url = `${window.location.origin}/api/v1/share/tok2`
    expect(within(dialog).getByLabelText('Share link')).toHaveValue(url)
    expect(qrPng).toHaveBeenLastCalledWith(url)
    const expiresAt = server.links[0]?.expires_at ?? 0
    expect(within(dialog).getAllByRole('status').map((s) => s.textContent)).toContain(`Expires ${formatDateTime(expiresAt)}`)
    expect(server.calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/documents/d1/share-links', body: { expires_in_days: 7 } },
      { method: 'POST', path: '/documents/d1/share-links', body: { expires_in_days: 7 } },
    ])

    // The first link is listed as another active link, and can be revoked there.
    const others = await within(dialog).findByRole('region', { name: 'Other active links' })
    await userEvent.click(within(others).getByRole('button', { name: /^Revoke the link created/ }))
    await waitFor(() => expect(within(dialog).queryByRole('region', { name: 'Other active links' })).toBeNull())
    expect(server.links.find((l) => l.id === 'link-1')?.revoked_at).not.toBeNull()

    // Revoking the shown link disables its download.
    const download = within(dialog).getByRole('button', { name: 'Download QR' })
    await userEvent.click(download)
    expect(toast.success).toHaveBeenCalledWith('QR code downloaded!')
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('cv-qr.png')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke link' }))
    expect(await within(dialog).findAllByText('Link revoked')).not.toHaveLength(0)
    expect(download).toBeDisabled()
    expect(server.calls).toContainEqual({ method: 'DELETE', path: '/share-links/link-2', body: undefined })
  })

  it('toasts "Failed to generate QR code" when the QR cannot be drawn', async () => {
    fakeServer([cv])
    qrPng.mockRejectedValue(new Error('wasm failed'))
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderApp('/documents')
    await userEvent.click(await screen.findByRole('button', { name: 'QR code for cv.pdf' }))
    const dialog = await screen.findByRole('dialog', { name: 'Resume QR Code' })
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to generate QR code', expect.anything()))
    expect(within(dialog).getByRole('button', { name: 'Download QR' })).toBeDisabled()
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })

  it.each([
    ['Set as default: cv-2024.pdf', 'PUT', /\/default$/, 'Failed to set default resume'],
    ['Download cv.pdf', 'GET', /\/download$/, 'Failed to download document'],
  ])('toasts the spec message when "%s" fails, with the server\'s reason', async (button, method, path, message) => {
    const server = fakeServer([cv, cv2])
    server.failOnce(method, path)
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderApp('/documents')
    await userEvent.click(await screen.findByRole('button', { name: button }))
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(message, { description: SERVER_REASON }))
    expect(toast.success).not.toHaveBeenCalled()
    // Nothing changed: cv.pdf is still the default.
    expect(within(screen.getByRole('listitem', { name: 'cv.pdf' })).getByText('Default')).toBeInTheDocument()
  })

  it('toasts "Failed to delete document" and keeps the document when the delete fails', async () => {
    const server = fakeServer([cv, cert])
    server.failOnce('DELETE', /^\/documents\/d3$/)
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderApp('/documents')
    await userEvent.click(await screen.findByRole('button', { name: 'Delete aws.png' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete document' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to delete document', { description: SERVER_REASON }),
    )
    expect(screen.getByRole('listitem', { name: 'aws.png' })).toBeInTheDocument()
    expect(toast.success).not.toHaveBeenCalled()
  })

  it('refuses a file over 10 MB before sending it, with "Failed to upload document"', async () => {
    const server = fakeServer([])
    renderApp('/documents')
    await screen.findByText('No documents yet')
    const big = new File(['%PDF-1.4'], 'huge.pdf', { type: 'application/pdf' })
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 })
    await userEvent.upload(screen.getByLabelText('File', { exact: true }), big)
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }))
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to upload document', {
        description: 'Resume must be at most 10 MB',
      }),
    )
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false)
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
  })
})
