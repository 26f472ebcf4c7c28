import { Award, Download, File as FileIcon, FileText, type LucideIcon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { toast } from '@/lib/toast'
import { Button, ButtonLink } from '@/components/button'
import { ErrorState } from '@/components/list-states'
import { ListSkeleton } from '@/components/skeleton'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api-client'
import { formatFileSize } from '@/lib/file-size'
import { saveBlob } from '@/lib/save-blob'
import {
  documentTypeLabel,
  downloadDocument,
  useDocuments,
  type DocumentType,
  type UserDocument,
} from '@/entities/documents'
import { MESSAGES } from '../messages'

const reason = (error: unknown) => (error instanceof ApiError ? error.message : undefined)

/** Each document type's icon ("other" is in old data only). */
const ICONS: Record<DocumentType, LucideIcon> = { resume: FileText, certificate: Award, other: FileIcon }

/** The candidate's documents, each with Download (shown inside a card's "Your Documents"). */
export function DocumentsList() {
  const documents = useDocuments()
  const { isError, error } = documents

  useEffect(() => {
    if (!isError) return
    console.error(error)
    // One toast however many cards show the list.
    toast.error(MESSAGES.documentsLoadFailed, { id: 'application-documents-failed', description: reason(error) })
  }, [isError, error])

  if (documents.isPending) return <ListSkeleton label="Loading documents" rows={2} />
  if (documents.isError) {
    return (
      <ErrorState
        className="p-4"
        title={MESSAGES.documentsLoadFailed}
        detail={reason(documents.error)}
        retrying={documents.isFetching}
        onRetry={() => void documents.refetch()}
      />
    )
  }
  if (documents.data.length === 0) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
        <p>No documents yet.</p>
        <ButtonLink to={paths.documents} variant="outline" size="sm">
          Upload documents
        </ButtonLink>
      </div>
    )
  }
  return (
    <ul aria-label="Your documents" className="divide-y divide-slate-100">
      {documents.data.map((document) => (
        <DocumentRow key={document.id} document={document} />
      ))}
    </ul>
  )
}

function DocumentRow({ document }: { document: UserDocument }) {
  const [downloading, setDownloading] = useState(false)
  const name = document.file_name
  const label = documentTypeLabel(document.document_type)
  const Icon = ICONS[document.document_type]

  async function download() {
    setDownloading(true)
    try {
      saveBlob(await downloadDocument(document.id), name)
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
    <li aria-label={name} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 py-2.5 first:pt-0 last:pb-0">
      <span className="flex min-w-0 grow basis-48 items-center gap-2.5">
        <Icon aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
        <span className="min-w-0">
          <span className="block truncate font-medium text-slate-900" title={name}>
            {name}
          </span>
          <span className="block text-xs text-slate-500">
            {label} · {formatFileSize(document.file_size)}
            {document.is_default && ' · Default resume'}
          </span>
        </span>
      </span>
      <Button
        variant="outline"
        size="sm"
        disabled={downloading}
        aria-label={`Download ${name}`}
        onClick={() => void download()}
      >
        <Download aria-hidden="true" />
        Download
      </Button>
    </li>
  )
}
