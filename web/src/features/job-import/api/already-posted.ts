// POST /employer/jobs/import/already-posted: which previewed rows repeat jobs already live.
import { useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import { getCore } from '@/lib/core-worker'
import type { ImportLimits, ImportPreview } from '@/lib/core-worker/import-preview'
import { previewRow } from '@/lib/core-worker/import-preview'
import type { components } from '@/generated/api'
import type { AlreadyPostedRow } from './import-jobs'

type LiveKeys = components['schemas']['LiveKeys']

/** Of `keys`, those one of the caller's live jobs has (the server's `job_dedupe` keys). */
export async function liveKeys(keys: string[]): Promise<string[]> {
  const answer = await apiFetch<LiveKeys>('/employer/jobs/import/already-posted', { method: 'POST', json: { keys } })
  return answer.keys
}

/**
 * The previewed rows that repeat jobs the employer has live, read before importing: the worker
 * keys the file's valid rows by the import's own rule, the server says which keys are live.
 */
export function useAlreadyPosted(
  choice: { file: File; key: string } | null,
  preview: ImportPreview | null,
  limits: ImportLimits,
) {
  const file = choice?.file ?? null
  return useQuery({
    // One question per chosen file: the same file chosen again (after an import) asks again.
    queryKey: ['import-already-posted', choice?.key],
    enabled: file !== null && preview !== null && preview.validCount > 0,
    staleTime: Infinity,
    queryFn: async (): Promise<AlreadyPostedRow[]> => {
      if (file === null || preview === null) return []
      const { rowNumbers, keys } = await getCore().importRowKeysOfFile(file, limits)
      const live = new Set(await liveKeys(keys))
      const index = new Map(Array.from(preview.rowNumbers, (rowNumber, i) => [rowNumber, i] as const))
      return rowNumbers.flatMap((rowNumber, i) => {
        const at = index.get(rowNumber)
        if (!live.has(keys[i] ?? '') || at === undefined) return []
        return [{ rowNumber, jobTitle: previewRow(preview, at).jobTitle }]
      })
    },
  })
}
