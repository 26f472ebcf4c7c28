import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import { getCore } from '@/lib/core-worker'
import { assertValid } from '@/lib/form-check'
import { sessionFromApi, sessionStore, type ApiSession, type Session } from '@/lib/session'
import type { SignInInput } from './sign-in'

/**
 * POST /auth/employer/signin after the core's sign-in rules. The server
 * refuses accounts without the employer role (403, no session is created).
 */
export async function employerSignIn(input: SignInInput): Promise<Session> {
  await assertValid(() => getCore().validateSignIn(input.email, input.password))
  const body = await apiFetch<ApiSession>('/auth/employer/signin', { method: 'POST', json: input, auth: false })
  const session = sessionFromApi(body)
  sessionStore.set(session)
  return session
}

/** The employer sign-in mutation. */
export function useEmployerSignIn() {
  return useMutation({ mutationFn: employerSignIn })
}
