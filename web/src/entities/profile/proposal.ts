// What a resume's proposal does to the profile's fields, wherever it is offered (onboarding's
// "Education & Experience" step, My Documents when a resume becomes the default).
import type { ProfileProposal } from '@/generated/core-types'
import { UNIVERSITIES } from '@/generated/catalogue'
import type { OnboardingFields } from './complete-onboarding'

/** Whether the resume proposes anything at all. */
export function proposesSomething(proposal: ProfileProposal): boolean {
  return (
    proposal.skills.length > 0 ||
    proposal.experienceYears !== null ||
    proposal.degreeField !== null ||
    proposal.university !== null
  )
}

/** The skills of a comma-separated list, trimmed, blanks dropped. */
export function splitSkills(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
}

/** `kept` followed by each of `added` not already there, compared without case. */
export function mergeSkills(kept: readonly string[], added: readonly string[]): string[] {
  const skills = [...kept]
  for (const skill of added) {
    if (!skills.some((s) => s.toLowerCase() === skill.toLowerCase())) skills.push(skill)
  }
  return skills
}

/** Whether the university can be chosen in the profile's list (the resume may name another). */
export function isListedUniversity(university: string): boolean {
  return (UNIVERSITIES as readonly string[]).includes(university)
}

/**
 * The fields with the proposal taken in: its skills added after those typed (each once),
 * its years, field and university in place of the typed ones.
 */
export function withProposal(fields: OnboardingFields, proposal: ProfileProposal): OnboardingFields {
  const university = proposal.university
  return {
    ...fields,
    skills: mergeSkills(splitSkills(fields.skills), proposal.skills).join(', '),
    experienceYears: proposal.experienceYears === null ? fields.experienceYears : String(proposal.experienceYears),
    degreeField: proposal.degreeField ?? fields.degreeField,
    university: university !== null && isListedUniversity(university) ? university : fields.university,
  }
}
