import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import { getCore } from '@/lib/core-worker'
import { assertValid } from '@/lib/form-check'
import { sessionFromApi, sessionStore, type ApiSession, type Session } from '@/lib/session'

export type EmployerSignUpInput = { email: string; password: string; fullName: string; companyName: string }

/** POST /auth/employer/signup after the core's employer sign-up rules; the new session is kept. */
export async function employerSignUp(input: EmployerSignUpInput): Promise<Session> {
  await assertValid(() =>
    getCore().validateEmployerSignUp(input.email, input.password, input.fullName, input.companyName),
  )
  const body = await apiFetch<ApiSession>('/auth/employer/signup', {
    method: 'POST',
    json: {
      email: input.email,
      password: input.password,
      full_name: input.fullName,
      company_name: input.companyName,
    },
    auth: false,
  })
  const session = sessionFromApi(body)
  sessionStore.set(session)
  return session
}

/** The employer sign-up mutation. */
export function useEmployerSignUp() {
  return useMutation({ mutationFn: employerSignUp })
}
