// "Change password" in Settings (api/src/auth/reset_routes.rs): the current password is asked again.
import { useMutation } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'

export type ChangePasswordInput = { currentPassword: string; newPassword: string }

/**
 * POST /auth/change-password (204): every other session of the account ends, this one goes on.
 * A wrong current password or a refused new one is a 422 naming its field.
 */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await apiFetch<void>('/auth/change-password', {
    method: 'POST',
    json: { current_password: input.currentPassword, new_password: input.newPassword },
  })
}

/** The "change password" mutation. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword })
}
