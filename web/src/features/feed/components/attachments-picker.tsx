import { Link } from 'react-router'
import { useEffect, useId } from 'react'
import { documentTypeLabel, useDocuments } from '@/entities/documents'
import { MAX_APPLICATION_DOCUMENTS } from '@/generated/catalogue'
import { defaultChoice, toggled, type AttachmentChoice } from '../attachments'
import { paths } from '@/config/paths'

type AttachmentsPickerProps = {
  jobId: string
  choice: AttachmentChoice | null
  onChange: (choice: AttachmentChoice) => void
}

/**
 * "Documents to send" in the apply dialog: the candidate's resumes and certificates, the
 * default resume ticked. The employer can open these and no other of the candidate's files.
 */
export function AttachmentsPicker({ jobId, choice, onChange }: AttachmentsPickerProps) {
  const id = useId()
  const documents = useDocuments()
  const list = documents.data ?? []
  const mine = choice?.jobId === jobId ? choice : null

  useEffect(() => {
    if (mine === null && documents.data) onChange(defaultChoice(jobId, documents.data))
  }, [mine, documents.data, jobId, onChange])

  if (documents.isPending) {
    return (
      <p role="status" aria-busy="true" className="text-sm text-slate-600">
        Loading your documents…
      </p>
    )
  }
  if (documents.isError) {
    return <p className="text-sm text-slate-600">Your documents could not be loaded: your default resume is sent.</p>
  }
  const ids = mine?.ids ?? []
  const full = ids.length >= MAX_APPLICATION_DOCUMENTS
  return (
    <fieldset className="space-y-2" aria-describedby={`${id}-hint`}>
      <legend className="text-sm font-medium text-slate-800">Documents to send</legend>
      {list.length === 0 ? (
        <p className="text-sm text-slate-600">
          No documents yet: this application goes without one.{' '}
          <Link to={paths.documents} className="font-medium text-brand-700 underline">
            Add a resume in My Documents
          </Link>
        </p>
      ) : (
        <ul className="space-y-1.5">
          {list.map((doc) => {
            const checked = ids.includes(doc.id)
            return (
              <li key={doc.id}>
                <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-600"
                    checked={checked}
                    disabled={!checked && full}
                    onChange={() => mine && onChange(toggled(mine, doc.id))}
                  />
                  <span className="min-w-0 flex-1 truncate font-medium text-slate-900">{doc.file_name}</span>
                  <span className="shrink-0 text-xs text-slate-600">
                    {documentTypeLabel(doc.document_type)}
                    {doc.is_default && ' · Default'}
                  </span>
                </label>
              </li>
            )
          })}
        </ul>
      )}
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        The employer sees only the documents ticked here (at most {MAX_APPLICATION_DOCUMENTS}), nothing you upload later.
      </p>
    </fieldset>
  )
}
