// Deleting one's own account (api/src/accounts/delete.rs): the password is asked for again.
import { apiFetch } from '@/lib/api-client'

/** POST /account/delete (204); a wrong password is a 422 with a `password` field error. */
export async function deleteAccount(password: string): Promise<void> {
  await apiFetch<void>('/account/delete', { method: 'POST', json: { password } })
}
