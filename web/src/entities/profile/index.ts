// The signed-in candidate's profile: one query key, one request and one hook for every feature
// that shows or changes it (onboarding, My Applications' greeting, the documents' default resume).
// Beside it, what onboarding and My Documents both do with it: saving it (complete-onboarding),
// what a resume proposes for it (propose-profile, proposal, resume-proposal) and what a save changed.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import type { components } from '@/generated/api'

/** The candidate profile as GET /profile sends it. */
export type Profile = components['schemas']['Profile']

/** Job preferences, once onboarding has been completed. */
export type Preferences = components['schemas']['Preferences']

/** GET /profile and POST /profile/onboarding answer with both. */
export type ProfileAnswer = components['schemas']['ProfileBody']

/** The query key of the signed-in user's profile (the cache is cleared when the user changes). */
export const PROFILE_QUERY_KEY = ['profile', 'me'] as const

/** GET /profile. */
export function getProfile(): Promise<ProfileAnswer> {
  return apiFetch<ProfileAnswer>('/profile')
}

export function profileQueryOptions() {
  return queryOptions({ queryKey: PROFILE_QUERY_KEY, queryFn: getProfile })
}

/** The signed-in candidate's profile and preferences. */
export function useProfile() {
  return useQuery(profileQueryOptions())
}
