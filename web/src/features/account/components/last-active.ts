// How long ago a session was last used, in words, for "Where you're signed in".

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })

/**
 * "Last active 5 minutes ago" from the session's `last_used_at` (epoch ms) at `now`. The server
 * marks a session used at each token refresh, so anything under a minute reads "just now".
 */
export function lastActiveText(lastUsedAt: number, now: number): string {
  const ago = Math.max(0, now - lastUsedAt)
  if (ago < MINUTE) return 'Last active just now'
  if (ago < HOUR) return `Last active ${relative.format(-Math.floor(ago / MINUTE), 'minute')}`
  if (ago < DAY) return `Last active ${relative.format(-Math.floor(ago / HOUR), 'hour')}`
  return `Last active ${relative.format(-Math.floor(ago / DAY), 'day')}`
}
