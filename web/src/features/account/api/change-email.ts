// "E-mail address" in Settings (api/src/auth/confirm_routes.rs): the new address is confirmed
// before it replaces the current one, and the current password is asked again.
import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import type { Schema } from '@/lib/api-schema'

export type ChangeEmailInput = { newEmail: string; currentPassword: string }

/**
 * POST /auth/change-email (202): a link goes to the new address and a notice to the current one;
 * the address changes when the link is followed. A wrong password or address is a 422 naming its
 * field, an address another account uses a 409.
 */
export async function changeEmail(input: ChangeEmailInput): Promise<Schema<'SentReply'>> {
  return apiFetch<Schema<'SentReply'>>('/auth/change-email', {
    method: 'POST',
    json: { new_email: input.newEmail, current_password: input.currentPassword },
  })
}

/** The "change e-mail address" mutation. */
export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail })
}
