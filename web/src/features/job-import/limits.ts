import type { ImportLimits } from '@/lib/core-worker/import-preview'

/**
 * What one import may hold: the core's `ImportLimits` defaults, which the server
 * enforces (413 beyond them). Checked here too, so a file the server would refuse
 * is not uploaded first.
 */
export const IMPORT_LIMITS: ImportLimits = { maxRows: 10_000, maxBytes: 5 * 1024 * 1024 }

/**
 * What the page previews: ten times one import, so an employer who chose too big a
 * file still sees its rows (and errors) before splitting it.
 */
export const PREVIEW_LIMITS: ImportLimits = { maxRows: 100_000, maxBytes: 64 * 1024 * 1024 }

/** Why a previewed file cannot be imported as it is, or null when it can. */
export function overImportLimits(fileBytes: number, rows: number): string | null {
  if (rows <= IMPORT_LIMITS.maxRows && fileBytes <= IMPORT_LIMITS.maxBytes) return null
  return (
    `One import takes at most ${IMPORT_LIMITS.maxRows.toLocaleString('en-US')} jobs and ` +
    `${IMPORT_LIMITS.maxBytes / (1024 * 1024)} MB. Split this file and import each part.`
  )
}
