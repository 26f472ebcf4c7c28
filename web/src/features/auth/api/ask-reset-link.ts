// "Forgot password?" (api/src/auth/reset_routes.rs): asks for a link that sets a new password.
import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import type { Schema } from '@/lib/api-schema'

/** POST /auth/password-reset: the same answer whether or not an account uses the address. */
export async function askResetLink(email: string): Promise<Schema<'AskReply'>> {
  return apiFetch<Schema<'AskReply'>>('/auth/password-reset', { method: 'POST', json: { email }, auth: false })
}

/** The "send me a link" mutation; its answer's message is what the page shows. */
export function useAskResetLink() {
  return useMutation({ mutationFn: askResetLink })
}
