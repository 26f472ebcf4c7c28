import { Upload } from 'lucide-react'
import { useId, useRef, useState, type FormEvent } from 'react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/button'
import { Card, CardTitle } from '@/components/card'
import { inputClasses } from '@/components/form-field'
import { getCore } from '@/lib/core-worker'
import { useOffline } from '@/lib/offline/network-status'
import { useUploadDocument } from '../api/documents'
import { failureReason } from '../api/errors'
import { MESSAGES } from '../messages'
import { fitsAccept, formatFileSize, UPLOAD_TYPES, type UploadType } from '../format'

/** The upload form: a type (resume or certificate), one file, and a progress bar while it is sent. */
export function UploadForm() {
  const id = useId()
  const upload = useUploadDocument()
  const [documentType, setDocumentType] = useState<UploadType>('resume')
  const [file, setFile] = useState<File | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  // True while the chosen file's bytes are checked: a second press then does not start a second upload.
  const [checking, setChecking] = useState(false)
  const busy = checking || upload.isPending
  const offline = useOffline()
  const { accept, hint } = UPLOAD_TYPES[documentType]

  function clearFile() {
    setFile(null)
    if (inputRef.current) inputRef.current.value = ''
  }

  function changeType(next: UploadType) {
    setDocumentType(next)
    // A chosen file the new type does not take is dropped (the input would not offer it).
    if (file && !fitsAccept(file.name, UPLOAD_TYPES[next].accept)) clearFile()
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy || file === null) return
    // The server's own check of the bytes, here before anything is sent.
    setChecking(true)
    const problem = await getCore()
      .uploadProblem(documentType === 'resume' ? 'resume-document' : 'certificate', file)
      .finally(() => setChecking(false))
    if (problem !== null) {
      toast.error(MESSAGES.uploadFailed, { description: problem })
      return
    }
    setProgress(0)
    try {
      await upload.mutateAsync({
        documentType,
        file,
        onProgress: ({ loaded, total }) => {
          if (total > 0) setProgress(Math.round((loaded / total) * 100))
        },
      })
      toast.success(MESSAGES.uploaded)
      clearFile()
    } catch (error) {
      console.error(error)
      toast.error(MESSAGES.uploadFailed, { description: failureReason(error) })
    } finally {
      setProgress(null)
    }
  }

  return (
    <Card>
      <CardTitle as="h2">Upload a document</CardTitle>
      <form noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={busy} className="mt-4 space-y-4">
        <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
          <div>
            <label htmlFor={`${id}-type`} className="mb-1.5 block text-sm font-medium text-slate-800">
              Document type
            </label>
            <select
              id={`${id}-type`}
              name="document_type"
              value={documentType}
              disabled={busy}
              onChange={(e) => changeType(e.target.value as UploadType)}
              className={inputClasses}
            >
              {(Object.keys(UPLOAD_TYPES) as UploadType[]).map((type) => (
                <option key={type} value={type}>
                  {UPLOAD_TYPES[type].label}
                </option>
              ))}
            </select>
          </div>
          <div className="min-w-0">
            <label htmlFor={`${id}-file`} className="mb-1.5 block text-sm font-medium text-slate-800">
              File
            </label>
            <input
              ref={inputRef}
              id={`${id}-file`}
              name="file"
              type="file"
              accept={accept}
              disabled={busy}
              aria-describedby={`${id}-hint`}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              className="block w-full cursor-pointer rounded-xl border border-dashed border-slate-300 bg-slate-50/60 p-1.5 text-sm text-slate-700 file:mr-3 file:cursor-pointer file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-700 hover:border-brand-500 hover:file:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60"
            />
            <p id={`${id}-hint`} className="mt-1.5 text-xs wrap-anywhere text-slate-500">
              {file ? `${file.name} · ${formatFileSize(file.size)}` : hint}
            </p>
          </div>
        </div>

        {progress !== null && (
          <div>
            <div className="flex items-center justify-between text-xs font-medium text-slate-600">
              <span>Uploading {file?.name}</span>
              <span aria-hidden="true">{progress}%</span>
            </div>
            <div
              role="progressbar"
              aria-label="Upload progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
              className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-100"
            >
              <div
                className="h-full rounded-full bg-linear-to-r from-brand-600 to-accent-500 transition-[width] duration-200"
                style={{ width: `${progress}%` }}
              />
            </div>
          </div>
        )}

        <div className="flex justify-end">
          <Button type="submit" disabled={busy || file === null || offline}>
            <Upload aria-hidden="true" />
            {busy ? 'Uploading…' : 'Upload'}
          </Button>
        </div>
      </form>
    </Card>
  )
}
