// What a resume's proposal does to onboarding's "Education & Experience" step.
import type { ProfileProposal } from '@/generated/core-types'
import type { OnboardingFields } from './api/complete-onboarding'
import { UNIVERSITIES } from './options'

/** Whether the resume proposes anything at all. */
export function proposesSomething(proposal: ProfileProposal): boolean {
  return (
    proposal.skills.length > 0 ||
    proposal.experienceYears !== null ||
    proposal.degreeField !== null ||
    proposal.university !== null
  )
}

/**
 * The step's fields with the proposal taken in: its skills added after those typed (each once),
 * its years, field and university in place of the typed ones.
 */
export function withProposal(fields: OnboardingFields, proposal: ProfileProposal): OnboardingFields {
  const typed = fields.skills
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
  const skills = [...typed]
  for (const skill of proposal.skills) {
    if (!skills.some((s) => s.toLowerCase() === skill.toLowerCase())) skills.push(skill)
  }
  const university = proposal.university
  return {
    ...fields,
    skills: skills.join(', '),
    experienceYears: proposal.experienceYears === null ? fields.experienceYears : String(proposal.experienceYears),
    degreeField: proposal.degreeField ?? fields.degreeField,
    university: university !== null && (UNIVERSITIES as readonly string[]).includes(university) ? university : fields.university,
  }
}
