import type { ProfileAnswer } from '.'
import type { OnboardingFields } from './complete-onboarding'

/**
 * The profile form's fields as the saved profile holds them (empty for a new account, the name
 * from sign-up): what onboarding starts from, and what a save of a few fields sends unchanged.
 */
export function profileFields(answer: ProfileAnswer, fallbackName: string): OnboardingFields {
  const { profile, preferences } = answer
  return {
    fullName: profile.full_name || fallbackName,
    degreeClass: profile.degree_class ?? '',
    degreeField: profile.degree_field ?? '',
    university: profile.university ?? '',
    skills: profile.skills.join(', '),
    experienceYears: profile.experience_years === null ? '' : String(profile.experience_years),
    preferredLocation: preferences?.preferred_locations[0] ?? profile.location ?? '',
    minSalary: preferences?.min_salary == null ? '' : String(preferences.min_salary),
    maxSalary: preferences?.max_salary == null ? '' : String(preferences.max_salary),
    jobTypes: preferences?.job_types ?? [],
  }
}
