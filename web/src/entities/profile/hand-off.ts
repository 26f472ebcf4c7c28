// A resume's proposal carried to the profile form in the router's state, for a profile that
// cannot be saved from where it was proposed (its preferences not filled in yet).
import type { ProfileProposal } from '@/generated/core-types'

/** The router state that opens the profile form with `proposal` taken in. */
export function proposalHandOff(proposal: ProfileProposal): { resumeProposal: ProfileProposal } {
  return { resumeProposal: proposal }
}

function isStringOrNull(value: unknown): value is string | null {
  return value === null || typeof value === 'string'
}

/** The proposal handed over in `state`, if any (history state can hold anything). */
export function handedProposal(state: unknown): ProfileProposal | null {
  if (typeof state !== 'object' || state === null || !('resumeProposal' in state)) return null
  const p: unknown = state.resumeProposal
  if (typeof p !== 'object' || p === null) return null
  const { skills, experienceYears, degreeField, university } = p as Record<string, unknown>
  if (!Array.isArray(skills) || !skills.every((s) => typeof s === 'string')) return null
  if (!(experienceYears === null || typeof experienceYears === 'number')) return null
  if (!isStringOrNull(degreeField) || !isStringOrNull(university)) return null
  return { skills, experienceYears, degreeField, university }
}
