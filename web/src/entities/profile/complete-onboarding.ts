import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiUpload, type UploadProgress } from '@/lib/api-client'
import { AVATAR_QUERY_KEY } from '@/lib/avatar'
import { getCore, type OnboardingInput } from '@/lib/core-worker'
import { assertValid } from '@/lib/form-check'
import { sessionStore } from '@/lib/session'
import { PROFILE_QUERY_KEY, type ProfileAnswer } from '.'

/** The onboarding form's text, as typed. */
export type OnboardingFields = Omit<OnboardingInput, 'hasResume'>

/** The chosen files: a new picture and resume (each optional here) and any certificates. */
export type OnboardingFiles = { avatar: File | null; resume: File | null; certificates: File[] }

export type CompleteOnboardingInput = {
  fields: OnboardingFields
  files: OnboardingFiles
  /** Whether a default resume exists already (then a new one is optional). */
  hasDefaultResume: boolean
  onProgress?: (progress: UploadProgress) => void
}

/** The multipart body of POST /profile/onboarding. */
export function onboardingFormData({ fields, files }: Pick<CompleteOnboardingInput, 'fields' | 'files'>): FormData {
  const data = new FormData()
  data.set('full_name', fields.fullName)
  data.set('degree_class', fields.degreeClass)
  data.set('degree_field', fields.degreeField)
  data.set('university', fields.university)
  data.set('skills', fields.skills)
  data.set('experience_years', fields.experienceYears)
  data.set('preferred_location', fields.preferredLocation)
  data.set('min_salary', fields.minSalary)
  data.set('max_salary', fields.maxSalary)
  for (const type of fields.jobTypes) data.append('job_types', type)
  if (files.avatar) data.set('avatar', files.avatar)
  if (files.resume) data.set('resume', files.resume)
  for (const certificate of files.certificates) data.append('certificates', certificate)
  return data
}

/** Checks every step with the core's rules, then uploads everything in one request (all or nothing on the server). */
export async function completeOnboarding(input: CompleteOnboardingInput): Promise<ProfileAnswer> {
  const form: OnboardingInput = { ...input.fields, hasResume: input.files.resume !== null || input.hasDefaultResume }
  for (const step of [1, 3, 4]) {
    await assertValid(() => getCore().validateOnboardingStep(step, form))
  }
  return apiUpload<ProfileAnswer>('/profile/onboarding', onboardingFormData(input), { onProgress: input.onProgress })
}

/** The "Complete Setup" mutation; on success the profile, avatar and session user are brought up to date. */
export function useCompleteOnboarding() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: completeOnboarding,
    onSuccess: (answer) => {
      queryClient.setQueryData(PROFILE_QUERY_KEY, answer)
      sessionStore.updateUser({
        fullName: answer.profile.full_name,
        onboarded: true,
        hasAvatar: answer.profile.has_avatar,
      })
      void queryClient.invalidateQueries({ queryKey: AVATAR_QUERY_KEY })
    },
  })
}
