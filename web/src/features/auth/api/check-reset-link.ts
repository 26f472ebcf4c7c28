// Whether a reset link still works (api/src/auth/reset_routes.rs), asked as its page opens.
import { apiFetch } from '@/lib/api-client'
import type { Schema } from '@/lib/api-schema'
import { useLinkCheck } from './link-check'

/** POST /auth/password-reset/check: the address of the account, or a 410 when the link is spent. */
export async function checkResetLink(token: string): Promise<Schema<'LinkReply'>> {
  // POST, so the token travels in a body, never in an address a log could keep.
  return apiFetch<Schema<'LinkReply'>>('/auth/password-reset/check', { method: 'POST', json: { token }, auth: false })
}

/** The link's account, checked once per token (and again on `retry`). */
export function useResetLink(token: string | null) {
  return useLinkCheck(token, checkResetLink)
}
