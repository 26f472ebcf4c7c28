// Whether a link from an e-mail (a new password, a team invitation) still works, asked as its
// page opens.
import { useCallback, useEffect, useState } from 'react'

/** Where the check of a link stands. */
export type LinkCheck<T> = { state: 'checking' } | { state: 'live'; value: T } | { state: 'failed'; error: unknown }

/**
 * What `ask` answers for `token`, asked once per token (and again on `retry`) and kept in the
 * page's own state: the check must not run again when a new session replaces the app's cached
 * queries, since the link is used by then.
 */
export function useLinkCheck<T>(token: string | null, ask: (token: string) => Promise<T>): { check: LinkCheck<T>; retry: () => void } {
  const [attempt, setAttempt] = useState(0)
  const [answered, setAnswered] = useState<{ token: string; attempt: number; check: LinkCheck<T> } | null>(null)
  useEffect(() => {
    if (token === null) return
    let current = true
    const answer = (check: LinkCheck<T>) => {
      if (current) setAnswered({ token, attempt, check })
    }
    ask(token).then(
      (value) => answer({ state: 'live', value }),
      (error: unknown) => answer({ state: 'failed', error }),
    )
    return () => {
      current = false
    }
  }, [token, attempt, ask])
  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  const fresh = answered !== null && answered.token === token && answered.attempt === attempt
  return { check: fresh ? answered.check : { state: 'checking' }, retry }
}
