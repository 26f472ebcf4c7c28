// POST /functions/upgrade-resume (spec, candidate §7): the resume rewritten to
// the ATS standard, with the rewritten text's score.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import type { Schema } from '@/lib/api-schema'
import type { ResumeTarget } from './analyze-resume'
import { LAST_UPGRADE_QUERY_KEY } from '@/entities/query-keys'

export type ResumeUpgrade = Schema<'UpgradeReply'>

export type UpgradeResumeInput = {
  /** The text the analysis read, so a file is not sent (nor read by OCR) twice. */
  resumeText: string
  analysisRecommendations: string[]
  /** The same target the analysis had. */
  target?: ResumeTarget
  /** Lines an earlier upgrade left out that the candidate keeps. */
  keep?: string[]
  signal?: AbortSignal
}

/** Upgrades a resume's text. */
export function upgradeResume({
  resumeText,
  analysisRecommendations,
  target = {},
  keep = [],
  signal,
}: UpgradeResumeInput): Promise<ResumeUpgrade> {
  return apiFetch<ResumeUpgrade>('/functions/upgrade-resume', {
    method: 'POST',
    json: { resumeText, analysisRecommendations, ...target, keep },
    signal,
  })
}

/**
 * The last upgrade's query key: kept with the offline data (per user), so the
 * upgraded resume can still be downloaded as a PDF, made on this device, offline.
 */

export function useUpgradeResume() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: upgradeResume,
    onSuccess: (upgrade) => queryClient.setQueryData<ResumeUpgrade>(LAST_UPGRADE_QUERY_KEY, upgrade),
  })
}
