/**
 * The token of a reset link's address, from its fragment (`/reset-password#token=…`), or null
 * when there is none. The fragment is never sent to a server nor in a `Referer`.
 */
export function tokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token')
  return token === null || token === '' ? null : token
}
