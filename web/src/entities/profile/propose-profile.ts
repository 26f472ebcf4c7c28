// POST /functions/propose-profile: what a chosen resume proposes for the profile (its skills,
// the years its roles add up to, the field of study and the university). Nothing is saved.
import type { ProfileProposal } from '@/generated/core-types'
import { apiUpload } from '@/lib/api-client'
import { resumeSource } from '@/entities/resume-file'

/** What `file` proposes; a file the server cannot read rejects, and the step simply shows nothing. */
export async function proposeProfile(file: File): Promise<ProfileProposal> {
  const answer = await apiUpload<{ proposal: ProfileProposal }>(
    '/functions/propose-profile',
    JSON.stringify(await resumeSource(file)),
    { headers: { 'Content-Type': 'application/json' } },
  )
  return answer.proposal
}
