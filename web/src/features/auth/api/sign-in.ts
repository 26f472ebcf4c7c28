import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import { getCore } from '@/lib/core-worker'
import { assertValid } from '@/lib/form-check'
import { sessionFromApi, sessionStore, type ApiSession, type Session } from '@/lib/session'

export type SignInInput = { email: string; password: string }

/** POST /auth/signin after the core's sign-in rules; the session is kept on success. */
export async function signIn(input: SignInInput): Promise<Session> {
  await assertValid(() => getCore().validateSignIn(input.email, input.password))
  const body = await apiFetch<ApiSession>('/auth/signin', { method: 'POST', json: input, auth: false })
  const session = sessionFromApi(body)
  sessionStore.set(session)
  return session
}

/** The candidate sign-in mutation. */
export function useSignIn() {
  return useMutation({ mutationFn: signIn })
}
