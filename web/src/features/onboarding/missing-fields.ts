import type { OnboardingFields } from '@/entities/profile/complete-onboarding'

/** The core's messages for steps 3 and 4 (spec §5), which name no field. */
export const ACADEMIC_MESSAGE = 'Please fill in all academic information'
export const PREFERENCES_MESSAGE = 'Please fill in all preferences'

type Check = { label: string; missing: (fields: OnboardingFields) => boolean }

const blank = (text: string) => text.trim() === ''
const notANumber = (text: string) => blank(text) || !Number.isFinite(Number(text.trim()))

const ACADEMIC: readonly Check[] = [
  { label: 'Degree class', missing: (f) => blank(f.degreeClass) },
  { label: 'University', missing: (f) => blank(f.university) },
  { label: 'Skills', missing: (f) => f.skills.split(',').every(blank) },
  { label: 'Years of experience', missing: (f) => notANumber(f.experienceYears) },
]

const PREFERENCES: readonly Check[] = [
  { label: 'Preferred location', missing: (f) => blank(f.preferredLocation) },
  { label: 'Minimum salary', missing: (f) => notANumber(f.minSalary) },
  { label: 'Maximum salary', missing: (f) => notANumber(f.maxSalary) },
  { label: 'Job types', missing: (f) => f.jobTypes.length === 0 },
]

/**
 * The line under the spec's "Please fill in all …" toast naming the fields still empty (or not a
 * number where one is needed), e.g. "Missing: Minimum salary, Job types"; undefined for any other
 * message, or when none of the step's fields is empty.
 */
export function missingFieldsText(message: string, fields: OnboardingFields): string | undefined {
  const checks = message === ACADEMIC_MESSAGE ? ACADEMIC : message === PREFERENCES_MESSAGE ? PREFERENCES : []
  const missing = checks.filter((check) => check.missing(fields)).map((check) => check.label)
  return missing.length > 0 ? `Missing: ${missing.join(', ')}` : undefined
}
