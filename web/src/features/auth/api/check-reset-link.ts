// Whether a reset link still works (api/src/auth/reset_routes.rs), asked as its page opens.
import { useCallback, useEffect, useState } from 'react'
import { apiFetch } from '@/lib/api-client'
import type { Schema } from '@/lib/api-schema'

/** POST /auth/password-reset/check: the address of the account, or a 410 when the link is spent. */
export async function checkResetLink(token: string): Promise<Schema<'LinkReply'>> {
  // POST, so the token travels in a body, never in an address a log could keep.
  return apiFetch<Schema<'LinkReply'>>('/auth/password-reset/check', { method: 'POST', json: { token }, auth: false })
}

/** Where the check of a link stands. */
export type LinkCheck =
  | { state: 'checking' }
  | { state: 'live'; email: string }
  | { state: 'failed'; error: unknown }

/**
 * The link's account, checked once per token (and again on `retry`) and kept in the page's own
 * state: the check must not run again when the new session replaces the app's cached queries,
 * since the link is used by then.
 */
export function useResetLink(token: string | null): { check: LinkCheck; retry: () => void } {
  const [attempt, setAttempt] = useState(0)
  const [answered, setAnswered] = useState<{ token: string; attempt: number; check: LinkCheck } | null>(null)
  useEffect(() => {
    if (token === null) return
    let current = true
    const answer = (check: LinkCheck) => {
      if (current) setAnswered({ token, attempt, check })
    }
    checkResetLink(token).then(
      (reply) => answer({ state: 'live', email: reply.email }),
      (error: unknown) => answer({ state: 'failed', error }),
    )
    return () => {
      current = false
    }
  }, [token, attempt])
  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  const fresh = answered !== null && answered.token === token && answered.attempt === attempt
  return { check: fresh ? answered.check : { state: 'checking' }, retry }
}
