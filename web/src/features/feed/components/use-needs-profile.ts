import { useSession } from '@/lib/session'

/** Whether the signed-in candidate has yet to finish onboarding (then applying is refused). */
export function useNeedsProfile(): boolean {
  const { user } = useSession()
  return user !== null && user.roles.includes('candidate') && !user.onboarded
}
