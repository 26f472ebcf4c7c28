import { render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/lib/session'
import { testSession } from '@/testing/render-app'
import type { CandidateDocument } from '../api/applications'
import { isReadable } from '../readable'
import { DocumentReader } from './document-reader'

const WORD = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'

const document = (name: string, contentType: string): CandidateDocument => ({
  id: 'd1',
  document_type: 'resume',
  file_name: name,
  file_size: 2048,
  uploaded_at: 0,
  content_type: contentType,
})

beforeEach(() => {
  sessionStore.set(testSession({ roles: ['employer'], companyName: 'Acme' }, Math.floor(Date.now() / 1000) + 3600))
  URL.createObjectURL = vi.fn<(blob: Blob) => string>(() => 'blob:cv-pdf')
  URL.revokeObjectURL = vi.fn<(url: string) => void>()
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

afterEach(() => {
  sessionStore.clear()
  vi.unstubAllGlobals()
})

describe('DocumentReader', () => {
  it('shows a Word file as the server’s page of its text, in a frame that runs nothing', async () => {
    const fetchMock = vi.fn<typeof fetch>(
      async () =>
        new Response(JSON.stringify({ html: '<!doctype html><p>RUDO MHLANGA</p>' }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    )
    vi.stubGlobal('fetch', fetchMock)
    render(<DocumentReader applicationId="a1" document={document('Rudo CV.docx', WORD)} onClose={() => {}} />)
    const frame = await screen.findByTitle('Rudo CV.docx')
    expect(frame).toHaveAttribute('sandbox', '')
    expect(frame.getAttribute('srcdoc')).toContain('RUDO MHLANGA')
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/v1/employer/applications/a1/documents/d1/preview')
  })

  it('shows a PDF from the file itself in the browser’s viewer, and lets the address go when closed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } })),
    )
    const { unmount } = render(
      <DocumentReader applicationId="a1" document={document('licence.pdf', 'application/pdf')} onClose={() => {}} />,
    )
    const viewer = await screen.findByTitle('licence.pdf')
    expect(viewer).toHaveAttribute('data', 'blob:cv-pdf')
    expect(viewer).toHaveAttribute('type', 'application/pdf')
    unmount()
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:cv-pdf'))
  })

  it('says why when the file cannot be read, and offers no reader for an image', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(
        async () =>
          new Response(
            JSON.stringify({ error: { code: 'validation', message: 'This file has no preview: download it to read it.' } }),
            { status: 422, headers: { 'Content-Type': 'application/json' } },
          ),
      ),
    )
    render(<DocumentReader applicationId="a1" document={document('notes.txt', 'text/plain')} onClose={() => {}} />)
    expect(await screen.findByText('This file has no preview: download it to read it.')).toBeInTheDocument()
    expect(isReadable(document('photo.png', 'image/png'))).toBe(false)
    expect(isReadable(document('cv.docx', WORD))).toBe(true)
  })
})
