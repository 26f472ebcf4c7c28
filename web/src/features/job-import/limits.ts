import type { ServerSettings } from '@/entities/server-settings'

/**
 * Why a previewed file cannot be imported as it is, or null when it can: the server's limits
 * for one import (GET /settings, with their words from the core), checked here too so a file
 * the server would refuse (413) is not uploaded first.
 */
export function overImportLimits(
  fileBytes: number,
  rows: number,
  settings: Pick<ServerSettings, 'import_limits' | 'import_limits_text'>,
): string | null {
  const limits = settings.import_limits
  if (rows <= limits.maxRows && fileBytes <= limits.maxBytes) return null
  return `One import takes at most ${settings.import_limits_text}. Split this file and import each part.`
}
