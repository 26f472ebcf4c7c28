import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'

/** The part of GET /profile the greeting needs. */
export type GreetingProfile = { profile: { full_name: string; has_avatar: boolean } }

/** The same key as onboarding's profile query: one request serves both. */
export const PROFILE_QUERY_KEY = ['profile', 'me'] as const

/** GET /profile. */
export function getProfile(): Promise<GreetingProfile> {
  return apiFetch<GreetingProfile>('/profile')
}

/** The signed-in candidate's name and whether they have a picture, for "Hi, {name}!". */
export function useGreetingProfile() {
  return useQuery(queryOptions({ queryKey: PROFILE_QUERY_KEY, queryFn: getProfile }))
}
