// Setting the new password with a reset link (api/src/auth/reset_routes.rs): the answer is a new
// session, kept as a sign-in's is.
import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import { sessionFromApi, sessionStore, type ApiSession, type Session } from '@/lib/session'

export type ResetPasswordInput = { token: string; password: string }

/** POST /auth/password-reset/confirm; every earlier session of the account has ended, this one begins. */
export async function resetPassword(input: ResetPasswordInput): Promise<Session> {
  const body = await apiFetch<ApiSession>('/auth/password-reset/confirm', { method: 'POST', json: input, auth: false })
  const session = sessionFromApi(body)
  sessionStore.set(session)
  return session
}

/** The "set my new password" mutation. */
export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword })
}
