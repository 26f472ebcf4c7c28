import { Award, Download, File as FileIcon, FileText, QrCode, Star, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/button'
import { Skeleton } from '@/components/spinner'
import { useOffline } from '@/lib/offline/network-status'
import { saveBlob } from '@/lib/save-blob'
import { downloadDocument, type UserDocument } from '@/entities/documents'
import { useSetDefaultResume } from '../api/documents'
import { failureReason } from '../api/errors'
import { documentTypeLabel, formatDateTime, formatFileSize } from '../format'
import { MESSAGES } from '../messages'

type RowActions = {
  onDelete: (document: UserDocument) => void
  onShowQr: (document: UserDocument) => void
  /** After a resume became the default resume. */
  onMadeDefault: (document: UserDocument) => void
}

/** The documents, newest first, each with its actions. */
export function DocumentList({ documents, ...actions }: RowActions & { documents: UserDocument[] }) {
  return (
    <ul aria-label="Documents" className="divide-y divide-slate-100">
      {documents.map((document) => (
        <DocumentRow key={document.id} document={document} {...actions} />
      ))}
    </ul>
  )
}

function TypeIcon({ type }: { type: UserDocument['document_type'] }) {
  const Icon = type === 'resume' ? FileText : type === 'certificate' ? Award : FileIcon
  return (
    <span
      aria-hidden="true"
      className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600 [&_svg]:size-5"
    >
      <Icon />
    </span>
  )
}

function DocumentRow({ document, onDelete, onShowQr, onMadeDefault }: RowActions & { document: UserDocument }) {
  const setDefault = useSetDefaultResume()
  const [downloading, setDownloading] = useState(false)
  // Offline the list is saved data: only the QR code (drawn on this device) still works.
  const offline = useOffline()
  const name = document.file_name
  const isResume = document.document_type === 'resume'
  const uploaded = new Date(document.uploaded_at)

  async function download() {
    setDownloading(true)
    try {
      saveBlob(await downloadDocument(document.id), name)
      toast.success(MESSAGES.downloaded)
    } catch (error) {
      console.error(error)
      toast.error(MESSAGES.downloadFailed, { description: failureReason(error) })
    } finally {
      setDownloading(false)
    }
  }

  async function makeDefault() {
    try {
      const made = await setDefault.mutateAsync(document.id)
      toast.success(MESSAGES.defaultSet)
      onMadeDefault(made)
    } catch (error) {
      console.error(error)
      toast.error(MESSAGES.defaultFailed, { description: failureReason(error) })
    }
  }

  return (
    <li
      aria-label={name}
      className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex min-w-0 items-start gap-3">
        <TypeIcon type={document.document_type} />
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <p className="truncate font-medium text-slate-900" title={name}>
              {name}
            </p>
            {document.is_default && (
              <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-700 ring-1 ring-emerald-200">
                <Star aria-hidden="true" className="size-3 fill-current" />
                Default
              </span>
            )}
          </div>
          <p className="mt-0.5 text-sm text-slate-500">
            {documentTypeLabel(document.document_type)} · <span>{formatFileSize(document.file_size)}</span> ·{' '}
            <time dateTime={Number.isNaN(uploaded.getTime()) ? undefined : uploaded.toISOString()}>
              {formatDateTime(document.uploaded_at)}
            </time>
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2 pl-13 sm:shrink-0 sm:justify-end sm:pl-0">
        {isResume && !document.is_default && (
          <Button
            variant="outline"
            size="sm"
            disabled={setDefault.isPending || offline}
            aria-label={`Set as default: ${name}`}
            onClick={() => void makeDefault()}
          >
            <Star aria-hidden="true" />
            Set as default
          </Button>
        )}
        {isResume && (
          <Button variant="outline" size="sm" aria-label={`QR code for ${name}`} onClick={() => onShowQr(document)}>
            <QrCode aria-hidden="true" />
            QR code
          </Button>
        )}
        <Button
          variant="outline"
          size="sm"
          disabled={downloading || offline}
          aria-label={`Download ${name}`}
          onClick={() => void download()}
        >
          <Download aria-hidden="true" />
          Download
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-label={`Delete ${name}`}
          disabled={offline}
          onClick={() => onDelete(document)}
          className="hover:border-red-400 hover:text-red-700"
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
    </li>
  )
}

/** Placeholder rows while the list loads. */
export function DocumentListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <ul aria-hidden="true" className="divide-y divide-slate-100">
      {Array.from({ length: rows }, (_, index) => (
        <li key={index} className="flex items-center gap-3 py-4 first:pt-0 last:pb-0">
          <Skeleton className="size-10 rounded-xl" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-2/5" />
            <Skeleton className="h-3 w-3/5" />
          </div>
          <Skeleton className="hidden h-9 w-48 rounded-full sm:block" />
        </li>
      ))}
    </ul>
  )
}
