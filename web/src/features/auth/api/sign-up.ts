import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import { getCore } from '@/lib/core-worker'
import { assertValid } from '@/lib/form-check'
import { sessionFromApi, sessionStore, type ApiSession, type Session } from '@/lib/session'

export type SignUpInput = { email: string; password: string; fullName: string }

/** POST /auth/signup after the core's sign-up rules; the new session is kept. */
export async function signUp(input: SignUpInput): Promise<Session> {
  await assertValid(() => getCore().validateCandidateSignUp(input.email, input.password, input.fullName))
  const body = await apiFetch<ApiSession>('/auth/signup', {
    method: 'POST',
    json: { email: input.email, password: input.password, full_name: input.fullName },
    auth: false,
  })
  const session = sessionFromApi(body)
  sessionStore.set(session)
  return session
}

/** The candidate sign-up mutation. */
export function useSignUp() {
  return useMutation({ mutationFn: signUp })
}
