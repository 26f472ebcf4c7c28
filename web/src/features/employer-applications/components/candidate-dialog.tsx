import { BookOpen, Download, FileText, Mail, MapPin, MessageCircle, RotateCcw } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/button'
import { buttonClasses } from '@/components/button-classes'
import { Dialog } from '@/components/dialog'
import { Skeleton } from '@/components/spinner'
import { ApiError } from '@/lib/api-client'
import { formatFileSize } from '@/lib/file-size'
import { downloadCandidateDocument, useCandidate, type CandidateDocument, type EmployerApplication } from '../api/applications'
import { isReadable } from '../readable'
import { DocumentReader } from './document-reader'
import { ScorecardSection } from './scorecard-section'
import { summaryChatLink, summaryMailto } from '../format'
import { MESSAGES } from '../messages'
import { saveBlob } from '@/lib/save-blob'
import { documentTypeLabel } from '@/entities/documents'

function reason(error: unknown): string | undefined {
  return error instanceof ApiError ? error.message : undefined
}

/** "Candidate Profile" (spec §2): cover letter, documents with download, the scorecard, and sharing by e-mail or chat. */
export function CandidateDialog({ application, onClose }: { application: EmployerApplication | null; onClose: () => void }) {
  if (application === null) return null
  return <CandidateProfile key={application.id} application={application} onClose={onClose} />
}

function CandidateProfile({ application, onClose }: { application: EmployerApplication; onClose: () => void }) {
  const candidate = useCandidate(application.id)
  const headingId = useId()
  const { isError, error } = candidate

  useEffect(() => {
    if (!isError) return
    console.error(error)
    toast.error(MESSAGES.candidateFailed, { id: 'candidate-load-failed', description: reason(error) })
  }, [isError, error])

  const shareLinkClasses = buttonClasses({ variant: 'outline' })
  return (
    <Dialog
      open
      onClose={onClose}
      title="Candidate Profile"
      description={`${application.candidate_name} · applied for ${application.job_title}`}
      actions={
        <>
          <a href={summaryMailto(application)} className={shareLinkClasses}>
            <Mail aria-hidden="true" />
            Share by email
          </a>
          <a href={summaryChatLink(application)} target="_blank" rel="noopener noreferrer" className={shareLinkClasses}>
            <MessageCircle aria-hidden="true" />
            Share by chat
          </a>
        </>
      }
    >
      <dl className="grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-xs font-medium text-slate-500">Name</dt>
          <dd className="font-semibold text-slate-900">{candidate.data?.full_name ?? application.candidate_name}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500">Email</dt>
          <dd>
            <a
              href={`mailto:${candidate.data?.email ?? application.candidate_email}`}
              className="font-medium break-all text-brand-700 hover:underline"
            >
              {candidate.data?.email ?? application.candidate_email}
            </a>
          </dd>
        </div>
        {(candidate.data?.location ?? application.candidate_location) && (
          <div>
            <dt className="text-xs font-medium text-slate-500">Location</dt>
            <dd className="flex items-center gap-1 text-slate-800">
              <MapPin aria-hidden="true" className="size-4 text-slate-400" />
              {candidate.data?.location ?? application.candidate_location}
            </dd>
          </div>
        )}
      </dl>

      {candidate.isPending ? (
        <div aria-hidden="true" className="mt-5 space-y-2">
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-24" />
          <Skeleton className="h-10" />
        </div>
      ) : candidate.isError ? (
        <div role="alert" className="mt-5 rounded-xl border border-red-200 bg-red-50/60 p-4 text-center">
          <p className="font-semibold text-red-800">{MESSAGES.candidateFailed}</p>
          <Button className="mt-3" size="sm" variant="outline" onClick={() => void candidate.refetch()}>
            <RotateCcw aria-hidden="true" />
            Retry
          </Button>
        </div>
      ) : (
        <>
          <section aria-labelledby={`${headingId}-letter`} className="mt-5">
            <h3 id={`${headingId}-letter`} className="text-sm font-semibold text-slate-900">
              Cover letter
            </h3>
            {candidate.data.email_subject && (
              <p className="mt-1 text-xs text-slate-500">Subject: {candidate.data.email_subject}</p>
            )}
            {candidate.data.cover_letter ? (
              <p className="mt-2 rounded-xl bg-slate-50 p-3 whitespace-pre-wrap text-slate-700">
                {candidate.data.cover_letter}
              </p>
            ) : (
              <p className="mt-2 text-slate-500">No cover letter was sent.</p>
            )}
          </section>
          <section aria-labelledby={`${headingId}-documents`} className="mt-5">
            <h3 id={`${headingId}-documents`} className="text-sm font-semibold text-slate-900">
              Documents sent with this application
            </h3>
            {candidate.data.documents.length === 0 ? (
              <p className="mt-2 text-slate-500">No documents were sent with this application.</p>
            ) : (
              <ul aria-label="Candidate documents" className="mt-2 divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
                {candidate.data.documents.map((document) => (
                  <DocumentRow key={document.id} applicationId={application.id} document={document} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
      <ScorecardSection applicationId={application.id} />
    </Dialog>
  )
}

function DocumentRow({ applicationId, document }: { applicationId: string; document: CandidateDocument }) {
  const [downloading, setDownloading] = useState(false)
  const [reading, setReading] = useState(false)

  async function download() {
    setDownloading(true)
    try {
      saveBlob(await downloadCandidateDocument(applicationId, document.id), document.file_name)
      toast.success(MESSAGES.downloaded)
    } catch (error) {
      console.error(error)
      toast.error(MESSAGES.downloadFailed, { description: reason(error) })
    } finally {
      setDownloading(false)
    }
  }

  return (
    // On a phone Download wraps under the name rather than cut it to a few letters.
    <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 px-3 py-2.5">
      <span className="flex min-w-0 grow basis-48 items-center gap-2">
        <FileText aria-hidden="true" className="size-5 shrink-0 text-brand-600" />
        <span className="min-w-0">
          <span className="block truncate font-medium text-slate-900" title={document.file_name}>
            {document.file_name}
          </span>
          <span className="block text-xs text-slate-500">
            {documentTypeLabel(document.document_type)} · {formatFileSize(document.file_size)}
          </span>
        </span>
      </span>
      <span className="flex gap-2">
        {isReadable(document) && (
          <Button
            variant="outline"
            size="sm"
            aria-label={`Read ${document.file_name}`}
            aria-expanded={reading}
            onClick={() => setReading(!reading)}
          >
            <BookOpen aria-hidden="true" />
            Read
          </Button>
        )}
        <Button
          variant="outline"
          size="sm"
          disabled={downloading}
          aria-label={`Download ${document.file_name}`}
          onClick={() => void download()}
        >
          <Download aria-hidden="true" />
          Download
        </Button>
      </span>
      {reading && (
        <div className="basis-full">
          <DocumentReader applicationId={applicationId} document={document} onClose={() => setReading(false)} />
        </div>
      )}
    </li>
  )
}
