import { X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Button } from '@/components/button'
import { Spinner } from '@/components/spinner'
import { downloadCandidateDocument, previewCandidateDocument, type CandidateDocument } from '../api/applications'
import { PDF } from '../readable'

type Shown = { kind: 'loading' } | { kind: 'pdf'; url: string } | { kind: 'html'; html: string } | { kind: 'failed'; message: string }

/**
 * A document read in the page: a PDF in the browser's own viewer (from the file itself), a Word or
 * text file as the server's page of its escaped text, in a frame sandboxed to run nothing.
 */
export function DocumentReader({
  applicationId,
  document,
  onClose,
}: {
  applicationId: string
  document: CandidateDocument
  onClose: () => void
}) {
  const [shown, setShown] = useState<Shown>({ kind: 'loading' })
  useEffect(() => {
    let url: string | null = null
    let live = true
    const load =
      document.content_type === PDF
        ? downloadCandidateDocument(applicationId, document.id).then(async (blob) => {
            // Typed as a PDF, so the browser opens its viewer whatever the answer said.
            url = URL.createObjectURL(blob.type === PDF ? blob : new Blob([await blob.arrayBuffer()], { type: PDF }))
            return { kind: 'pdf', url } as const
          })
        : previewCandidateDocument(applicationId, document.id).then((html) => ({ kind: 'html', html }) as const)
    load.then(
      (next) => {
        if (live) setShown(next)
      },
      (error: unknown) => {
        console.error(error)
        if (live) setShown({ kind: 'failed', message: error instanceof Error ? error.message : 'The file could not be read' })
      },
    )
    return () => {
      live = false
      if (url !== null) URL.revokeObjectURL(url)
    }
  }, [applicationId, document.id, document.content_type])

  const title = `Reading ${document.file_name}`
  return (
    <section aria-label={title} className="mt-3 rounded-xl ring-1 ring-slate-200">
      <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-3 py-2">
        <p className="min-w-0 truncate text-sm font-medium text-slate-900">{title}</p>
        <Button variant="ghost" size="sm" aria-label="Close the reader" onClick={onClose}>
          <X aria-hidden="true" />
        </Button>
      </div>
      {shown.kind === 'loading' && (
        <div className="flex h-40 items-center justify-center">
          <Spinner label="Opening the document" />
        </div>
      )}
      {shown.kind === 'failed' && <p className="px-3 py-4 text-sm text-red-700">{shown.message}</p>}
      {shown.kind === 'pdf' && (
        <object title={document.file_name} data={shown.url} type={PDF} className="h-[60dvh] w-full rounded-b-xl">
          <p className="px-3 py-4 text-sm text-slate-600">This browser cannot show PDFs in the page: download the file.</p>
        </object>
      )}
      {shown.kind === 'html' && (
        <iframe title={document.file_name} sandbox="" srcDoc={shown.html} className="h-[60dvh] w-full rounded-b-xl bg-white" />
      )}
    </section>
  )
}
