import { FolderOpen, LoaderCircle, RotateCcw } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { toast } from '@/lib/toast'
import { AppHeader } from '@/components/app-header'
import { Button } from '@/components/button'
import { Card, CardTitle } from '@/components/card'
import { PageHeader } from '@/components/page-header'
import { Spinner } from '@/components/spinner'
import { paths } from '@/config/paths'
import { useDocuments, type UserDocument } from '@/entities/documents'
import { useDefaultResumeProposal } from '../api/default-resume-proposal'
import { failureReason } from '../api/errors'
import { MESSAGES } from '../messages'
import { DefaultResumeProposal } from './default-resume-proposal'
import { DeleteDocumentDialog } from './delete-dialog'
import { DocumentList, DocumentListSkeleton } from './document-list'
import { QrDialog } from './qr-dialog'
import { UploadForm } from './upload-form'

/** My Documents (spec, candidate §2): upload, list, download, delete, default resume and QR codes. */
export function DocumentsPage() {
  return (
    <div className="min-h-dvh bg-linear-to-b from-brand-50 to-white">
      <AppHeader />
      <main className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:px-6 sm:py-10">
        <PageHeader
          title="My Documents"
          description="Keep your resumes and certificates in one place. Your default resume is ticked when you apply; you choose what each application carries."
          back={{ to: paths.jobs, label: 'Back to Jobs' }}
        />
        <UploadForm />
        <DocumentsSection />
      </main>
    </div>
  )
}

function DocumentsSection() {
  const documents = useDocuments()
  const [toDelete, setToDelete] = useState<UserDocument | null>(null)
  const [qrFor, setQrFor] = useState<UserDocument | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const proposal = useDefaultResumeProposal()
  const { isError, error } = documents

  useEffect(() => {
    if (!isError) return
    console.error(error)
    toast.error(MESSAGES.loadFailed, { id: 'documents-load-failed', description: failureReason(error) })
  }, [isError, error])

  const count = documents.data?.length

  return (
    <Card aria-busy={documents.isPending}>
      <div className="flex items-baseline justify-between gap-3">
        <CardTitle as="h2" ref={headingRef} tabIndex={-1} className="outline-none">
          Your documents
        </CardTitle>
        {count !== undefined && count > 0 && (
          <span className="text-sm text-slate-500">
            {count} {count === 1 ? 'document' : 'documents'}
          </span>
        )}
      </div>
      <div className="mt-4">
        {documents.isPending ? (
          <>
            <Spinner label="Loading documents" className="sr-only" />
            <DocumentListSkeleton />
          </>
        ) : documents.isError ? (
          <div role="alert" className="rounded-xl border border-red-200 bg-red-50/60 p-6 text-center">
            <p className="font-semibold text-red-800">{MESSAGES.loadFailed}</p>
            {failureReason(documents.error) && (
              <p className="mt-1 text-sm text-red-700">{failureReason(documents.error)}</p>
            )}
            <Button
              className="mt-4"
              variant="outline"
              disabled={documents.isFetching}
              onClick={() => void documents.refetch()}
            >
              <RotateCcw aria-hidden="true" />
              Retry
            </Button>
          </div>
        ) : documents.data.length === 0 ? (
          <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center">
            <FolderOpen aria-hidden="true" className="size-10 text-slate-400" />
            <p className="mt-3 font-semibold text-slate-900">No documents yet</p>
            <p className="mt-1 max-w-sm text-sm text-slate-600">
              Upload your resume or a certificate above. Resumes can be shared with a QR code.
            </p>
          </div>
        ) : (
          <DocumentList
            documents={documents.data}
            onDelete={setToDelete}
            onShowQr={setQrFor}
            onMadeDefault={proposal.read}
          />
        )}
      </div>

      {/* Below the list: appearing, it moves none of the rows a finger may be on. */}
      {proposal.reading && (
        <p role="status" className="mt-6 flex items-center gap-2 text-sm text-slate-600">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          Reading {proposal.reading.file_name} for your profile…
        </p>
      )}
      {proposal.offer && (
        <div className="mt-6">
          <DefaultResumeProposal
            key={proposal.offer.document.id}
            offer={proposal.offer}
            onClose={() => {
              proposal.close()
              // The panel held the focus; it goes back to the list's heading, as after a delete.
              headingRef.current?.focus()
            }}
          />
        </div>
      )}

      <DeleteDocumentDialog
        document={toDelete}
        onClose={() => setToDelete(null)}
        onDeleted={() => setTimeout(() => headingRef.current?.focus(), 0)}
      />
      {qrFor && <QrDialog document={qrFor} onClose={() => setQrFor(null)} />}
    </Card>
  )
}
