import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiBlob } from '@/lib/api-client'

/** The query key prefix of the signed-in user's avatar (invalidate it after a new upload). */
export const AVATAR_QUERY_KEY = ['profile', 'avatar'] as const

/** GET /profile/avatar as a blob: an <img> cannot send the bearer token itself. */
export function avatarQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...AVATAR_QUERY_KEY, userId],
    queryFn: () => apiBlob('/profile/avatar'),
    staleTime: Infinity,
  })
}

/** The user's avatar image, or null when they have none (or it is still loading). */
export function useAvatarBlob(userId: string | null, hasAvatar: boolean): Blob | null {
  const { data } = useQuery({ ...avatarQueryOptions(userId ?? ''), enabled: userId !== null && hasAvatar })
  return hasAvatar ? (data ?? null) : null
}
