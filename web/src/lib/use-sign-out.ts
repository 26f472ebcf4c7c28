import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { paths } from '@/config/paths'
import { apiFetch } from '@/lib/api-client'
import { sessionStore } from '@/lib/session'

/**
 * Signs out (spec, candidate §4: "Sign-out goes to /"): leaves for the landing
 * page first, so the protected page's guard does not send the user to /auth,
 * then drops the session in every tab and ends it on the server.
 */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate()
  return useCallback(async () => {
    // A token the server still accepts, so the sign-out also ends the session there.
    const token = await sessionStore.freshAccessToken()
    await navigate(paths.home)
    sessionStore.clear()
    if (token === null) return
    try {
      await apiFetch('/auth/signout', { method: 'POST', auth: false, headers: { Authorization: `Bearer ${token}` } })
    } catch (error) {
      // The session is gone here; an unreachable server only keeps it until it expires.
      console.warn('Sign-out could not reach the server', error)
    }
  }, [navigate])
}
