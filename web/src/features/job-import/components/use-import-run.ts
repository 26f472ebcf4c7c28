import { useState } from 'react'
import { useNavigate } from 'react-router'
import { paths } from '@/config/paths'
import type { ServerSettings } from '@/entities/server-settings'
import { ApiError } from '@/lib/api-client'
import type { ImportPreview } from '@/lib/core-worker/import-preview'
import { toastUnconfirmed } from '@/lib/email-confirmation'
import { toast } from '@/lib/toast'
import { useImportJobs, type AlreadyPostedRow } from '../api/import-jobs'
import { overImportLimits } from '../limits'
import { importedMessage, MESSAGES } from '../messages'

/** A chosen file, the bytes to upload (null when too large) and the key that makes the upload safe to retry. */
export type Chosen = { file: File; upload: File | null; idempotencyKey: string }

/** The rows an import skipped as already live, the server's words for it, and the file sent. */
type Skipped = { upload: File; message: string; rows: AlreadyPostedRow[] }

/** Upload percent, or null once the bytes are sent and the server is saving. */
type Importing = { percent: number | null }

/**
 * Sending a previewed file to the server: its progress, then the dashboard, or the rows it
 * skipped as already live (kept with the file, so the ticked ones can be posted again).
 */
export function useImportRun(settings: ServerSettings) {
  const navigate = useNavigate()
  const importJobs = useImportJobs()
  const [importing, setImporting] = useState<Importing | null>(null)
  const [skipped, setSkipped] = useState<Skipped | null>(null)

  /** `ticked`: rows the preview showed as already live and the employer ticked to post again. */
  async function runImport(chosen: Chosen, preview: ImportPreview, ticked: number[] = []) {
    if (preview.validCount === 0) {
      toast.error(MESSAGES.noValidJobs)
      return
    }
    const tooBig = overImportLimits(chosen.file.size, preview.rowCount, settings)
    if (tooBig !== null || chosen.upload === null) {
      toast.error(MESSAGES.importFailed, { description: tooBig ?? undefined })
      return
    }
    const { upload } = chosen
    setImporting({ percent: 0 })
    try {
      const result = await importJobs.mutateAsync({
        file: upload,
        idempotencyKey: chosen.idempotencyKey,
        postAgain: ticked.length > 0 ? ticked : undefined,
        onProgress: ({ loaded, total }) => {
          if (total > 0) setImporting({ percent: loaded < total ? Math.round((loaded / total) * 100) : null })
        },
      })
      if (result.alreadyPosted.length > 0) {
        setImporting(null)
        setSkipped({ upload, message: result.message, rows: result.alreadyPosted })
        if (result.imported > 0) toast.success(result.message)
        else toast.info(result.message)
        return
      }
      toast.success(importedMessage(result.imported))
      await navigate(paths.employer)
    } catch (error) {
      console.error(error)
      setImporting(null)
      if (toastUnconfirmed(error)) return
      // 422 is the server finding no valid row (every other refusal of a file has its own
      // status); its message is the spec's, made on the server.
      if (error instanceof ApiError && error.status === 422) toast.error(error.message)
      else toast.error(MESSAGES.importFailed, { description: error instanceof ApiError ? error.message : undefined })
    }
  }

  async function postAgain(upload: File, rowNumbers: number[]) {
    setImporting({ percent: null })
    try {
      // A new key: this is another request than the first import, not a retry of it.
      const result = await importJobs.mutateAsync({ file: upload, idempotencyKey: crypto.randomUUID(), postAgain: rowNumbers })
      toast.success(result.message)
      await navigate(paths.employer)
    } catch (error) {
      console.error(error)
      setImporting(null)
      if (toastUnconfirmed(error)) return
      toast.error(MESSAGES.importFailed, { description: error instanceof ApiError ? error.message : undefined })
    }
  }

  return { importing, skipped, runImport, postAgain }
}
