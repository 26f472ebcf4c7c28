import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'

/** The candidate profile as GET /profile sends it. */
export type Profile = {
  id: string
  email: string
  full_name: string
  degree_class: string | null
  degree_field: string | null
  university: string | null
  skills: string[]
  experience_years: number | null
  location: string | null
  has_avatar: boolean
  default_resume: { id: string; file_name: string } | null
}

/** Job preferences, once onboarding has been completed. */
export type Preferences = {
  preferred_locations: string[]
  min_salary: number | null
  max_salary: number | null
  job_types: string[]
}

/** GET /profile and POST /profile/onboarding answer with both. */
export type ProfileAnswer = { profile: Profile; preferences: Preferences | null }

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
