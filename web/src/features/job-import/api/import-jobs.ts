// POST /employer/jobs/import: the chosen CSV file itself, parsed again by the server.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiUpload, type UploadProgress } from '@/lib/api-client'
import { EMPLOYER_QUERIES } from '@/entities/query-keys'

/** A row the server did not import, and why. */
export type InvalidRow = { rowNumber: number; errors: string[] }

/** A valid row not posted because the employer already has the same job live. */
export type AlreadyPostedRow = { rowNumber: number; jobTitle: string }

/** The server's answer: 201 for a new import, 200 with `replayed` for a repeated key or when every row was live already. */
export type ImportJobsResult = {
  imported: number
  jobIds: string[]
  invalidCount: number
  invalidRows: InvalidRow[]
  warnings: string[]
  alreadyPosted: AlreadyPostedRow[]
  replayed: boolean
  /** What the import did, worded by the server: "Successfully imported 5 jobs! 2 already posted: skipped." */
  message: string
}

export type ImportJobsInput = {
  file: File
  /** One per chosen file, reused on retry, so a retried upload never imports twice. */
  idempotencyKey: string
  /** Row numbers to post even though the same job is live already. */
  postAgain?: number[]
  onProgress?: (progress: UploadProgress) => void
}

/** Uploads the file (multipart field `file`) with its `Idempotency-Key`, reporting upload progress. */
export function importJobs({ file, idempotencyKey, postAgain, onProgress }: ImportJobsInput): Promise<ImportJobsResult> {
  const data = new FormData()
  data.set('file', file)
  if (postAgain !== undefined) data.set('post_again', postAgain.join(','))
  return apiUpload<ImportJobsResult>('/employer/jobs/import', data, {
    onProgress,
    headers: { 'Idempotency-Key': idempotencyKey },
  })
}

export function useImportJobs() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: importJobs,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EMPLOYER_QUERIES }),
  })
}
