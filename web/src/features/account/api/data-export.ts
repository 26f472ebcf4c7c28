// "Download my data" (docs/data-export.md): the archive is prepared on the server in the
// background, its progress asked for, then downloaded once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ApiError, apiBlob, apiFetch } from '@/lib/api-client'
import type { Schema } from '@/lib/api-schema'

export type ExportStatus = Schema<'ExportStatus'>

const STATUS_KEY = ['account', 'export'] as const
/** How often the progress is asked for while the archive is prepared. */
const PROGRESS_EVERY_MS = 1_000

/** GET /account/export; `null` when no archive was ever asked for (404). */
export async function getExportStatus(): Promise<ExportStatus | null> {
  try {
    return await apiFetch<ExportStatus>('/account/export')
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

/** POST /account/export: starts preparing a new archive. */
export function startExport(): Promise<ExportStatus> {
  return apiFetch<ExportStatus>('/account/export', { method: 'POST' })
}

/** GET /account/export/download, as a blob. */
export function downloadExport(): Promise<Blob> {
  return apiBlob('/account/export/download')
}

/** The archive's status, asked for again every second while it is being prepared. */
export function useExportStatus() {
  return useQuery({
    queryKey: STATUS_KEY,
    queryFn: getExportStatus,
    refetchInterval: (query) => (query.state.data?.state === 'preparing' ? PROGRESS_EVERY_MS : false),
  })
}

/** Starts an archive; its first status replaces the cached one, so the polling begins. */
export function useStartExport({ onError }: { onError: (error: Error) => void }) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: startExport,
    onSuccess: (started) => queryClient.setQueryData(STATUS_KEY, started),
    onError,
  })
}
